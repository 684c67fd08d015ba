import { useEffect, useState, type FormEvent } from "react";
import { Button, Field, Flex, SingleSelect, SingleSelectOption, TextInput, Typography } from "@strapi/design-system";
import { useFetchClient } from "@strapi/strapi/admin";
import type { StaffSubscriptionList, StaffSubscriptionView } from "../../../../subscriptions/staff/staff";
import { PLUGIN_ID } from "../ids";
import { useTexts, type TextKey } from "../texts";
import { SheetTable } from "./SheetTable";

const STATUSES = ["pending", "active", "paused", "past_due", "suspended", "cancelled"] as const;
const ANY = "any";

const path = (tail = "") => `/${PLUGIN_ID}/subscriptions${tail}`;

/** The server's message of a refusal (409 status_not_allowed, 400 with the field), or null. */
function messageOf(error: unknown): string | null {
  const body = (error as { response?: { data?: { error?: { message?: unknown } } } }).response?.data;
  return typeof body?.error?.message === "string" ? body.error.message : null;
}

/** One subscription: its deliveries and history, and pause, resume or cancel for the customer (recorded as staff). */
function SubscriptionDetail({ id, onChanged }: { id: string; onChanged(): void }) {
  const { t } = useTexts();
  const { get, post } = useFetchClient();
  const [view, setView] = useState<StaffSubscriptionView | null>(null);
  const [until, setUntil] = useState("");
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState<{ tone: "danger600" | "success600"; text: string } | null>(null);

  useEffect(() => {
    setView(null);
    get<StaffSubscriptionView>(path(`/${id}`)).then(
      ({ data }) => setView(data),
      () => setMessage({ tone: "danger600", text: t("subscriptions.failed") }),
    );
  }, [get, id]);

  async function act(event: FormEvent, action: "pause" | "resume" | "cancel") {
    event.preventDefault();
    setMessage(null);
    const body = action === "pause" ? { until, reason } : action === "cancel" ? { reason } : {};
    try {
      await post(path(`/${id}/${action}`), body);
      setView((await get<StaffSubscriptionView>(path(`/${id}`))).data);
      setReason("");
      setMessage({ tone: "success600", text: t("subscriptions.done") });
      onChanged();
    } catch (error) {
      setMessage({ tone: "danger600", text: messageOf(error) ?? t("subscriptions.failed") });
    }
  }

  if (view === null) return message && <Typography textColor={message.tone}>{message.text}</Typography>;
  const { subscription } = view;
  return (
    <Flex direction="column" alignItems="stretch" gap={4} paddingTop={4}>
      <Typography variant="delta">
        {t("subscriptions.summary", {
          email: view.customer.email,
          status: t(`status.${subscription.status}` as TextKey),
        })}
      </Typography>
      <Flex gap={4} alignItems="flex-end" wrap="wrap">
        <Field.Root name="until">
          <Field.Label>{t("subscriptions.until")}</Field.Label>
          <TextInput
            placeholder="2026-12-31"
            value={until}
            onChange={(e: { target: { value: string } }) => setUntil(e.target.value)}
          />
        </Field.Root>
        <Field.Root name="reason">
          <Field.Label>{t("subscriptions.reason")}</Field.Label>
          <TextInput value={reason} onChange={(e: { target: { value: string } }) => setReason(e.target.value)} />
        </Field.Root>
        <Button variant="secondary" onClick={(e: FormEvent) => void act(e, "pause")}>
          {t("subscriptions.pause")}
        </Button>
        <Button variant="secondary" onClick={(e: FormEvent) => void act(e, "resume")}>
          {t("subscriptions.resume")}
        </Button>
        <Button variant="danger" onClick={(e: FormEvent) => void act(e, "cancel")}>
          {t("subscriptions.cancel")}
        </Button>
      </Flex>
      {message && (
        <Typography role="status" textColor={message.tone}>
          {message.text}
        </Typography>
      )}
      <Typography variant="delta">{t("subscriptions.deliveries")}</Typography>
      <SheetTable
        caption={t("subscriptions.deliveries")}
        rowKey={(row) => row.date}
        rows={view.deliveries}
        columns={[
          { heading: t("subscriptions.date"), cell: (row) => row.date, nowrap: true },
          { heading: t("subscriptions.status"), cell: (row) => row.status },
          { heading: t("subscriptions.order"), cell: (row) => row.order?.number ?? "" },
        ]}
      />
      <Typography variant="delta">{t("subscriptions.history")}</Typography>
      <SheetTable
        caption={t("subscriptions.history")}
        rowKey={(row) => `${row.at}-${row.field}-${JSON.stringify(row.to)}`}
        rows={view.history}
        columns={[
          { heading: t("subscriptions.when"), cell: (row) => row.at.slice(0, 16).replace("T", " "), nowrap: true },
          { heading: t("subscriptions.by"), cell: (row) => `${row.by} (${row.actor})` },
          {
            heading: t("subscriptions.change"),
            cell: (row) => `${row.field}: ${JSON.stringify(row.from)} → ${JSON.stringify(row.to)}`,
          },
        ]}
      />
    </Flex>
  );
}

/** Staff's subscriptions: filtered by status and next delivery date, one opened below the list. */
export function SubscriptionsPanel() {
  const { t } = useTexts();
  const { get } = useFetchClient();
  const [status, setStatus] = useState<string>(ANY);
  const [nextFrom, setNextFrom] = useState("");
  const [nextTo, setNextTo] = useState("");
  const [list, setList] = useState<StaffSubscriptionList | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  async function load(event?: FormEvent) {
    event?.preventDefault();
    const params: Record<string, string> = {};
    if (status !== ANY) params.status = status;
    if (nextFrom) params.nextFrom = nextFrom;
    if (nextTo) params.nextTo = nextTo;
    try {
      setList((await get<StaffSubscriptionList>(path(), { params })).data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }

  return (
    <Flex direction="column" alignItems="stretch" gap={4} paddingTop={4}>
      <form onSubmit={(event) => void load(event)}>
        <Flex gap={4} alignItems="flex-end" wrap="wrap">
          <Field.Root name="status">
            <Field.Label>{t("subscriptions.status")}</Field.Label>
            <SingleSelect value={status} onChange={(value: string | number) => setStatus(String(value))}>
              <SingleSelectOption value={ANY}>{t("subscriptions.anyStatus")}</SingleSelectOption>
              {STATUSES.map((each) => (
                <SingleSelectOption key={each} value={each}>
                  {t(`status.${each}` as TextKey)}
                </SingleSelectOption>
              ))}
            </SingleSelect>
          </Field.Root>
          <Field.Root name="nextFrom">
            <Field.Label>{t("subscriptions.nextFrom")}</Field.Label>
            <TextInput
              placeholder="2026-12-01"
              value={nextFrom}
              onChange={(e: { target: { value: string } }) => setNextFrom(e.target.value)}
            />
          </Field.Root>
          <Field.Root name="nextTo">
            <Field.Label>{t("subscriptions.nextTo")}</Field.Label>
            <TextInput
              placeholder="2026-12-07"
              value={nextTo}
              onChange={(e: { target: { value: string } }) => setNextTo(e.target.value)}
            />
          </Field.Root>
          <Button type="submit">{t("subscriptions.find")}</Button>
        </Flex>
      </form>
      {failed && (
        <Typography role="alert" textColor="danger600">
          {t("subscriptions.failed")}
        </Typography>
      )}
      {list && (
        <SheetTable
          caption={t("tabs.subscriptions")}
          rowKey={(row) => row.id}
          rows={list.subscriptions}
          columns={[
            {
              heading: t("subscriptions.customer"),
              cell: (row) => (
                <Button variant="tertiary" onClick={() => setOpen(row.id)}>
                  {row.customer?.email ?? row.id}
                </Button>
              ),
            },
            { heading: t("subscriptions.status"), cell: (row) => t(`status.${row.status}` as TextKey) },
            { heading: t("subscriptions.next"), cell: (row) => row.nextDeliveryDate, nowrap: true },
            { heading: t("subscriptions.zone"), cell: (row) => row.zone ?? "" },
          ]}
        />
      )}
      {open && <SubscriptionDetail id={open} onChanged={() => void load()} />}
    </Flex>
  );
}
