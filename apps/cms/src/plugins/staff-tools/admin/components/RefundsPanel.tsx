import { useState, type FormEvent } from "react";
import {
  Box,
  Button,
  Field,
  Flex,
  Table,
  Tbody,
  Td,
  Th,
  Thead,
  Tr,
  TextInput,
  Typography,
} from "@strapi/design-system";
import { useFetchClient } from "@strapi/strapi/admin";
import type { StaffOrderRefunds } from "../../../../ordering/refunds/staff";
import { PLUGIN_ID } from "../ids";
import { refundRequestOf } from "../refund-form";
import { useTexts } from "../texts";

/** A new key for each refund staff mean to make: a retried submit of the same form is the same refund. */
const newKey = () => crypto.randomUUID();

/** The server's message of a refusal (409 with what is left, the gateway's refusal), or null. */
function messageOf(error: unknown): string | null {
  const body = (error as { response?: { data?: { error?: { message?: unknown } } } }).response?.data;
  return typeof body?.error?.message === "string" ? body.error.message : null;
}

/**
 * Staff's refunds (docs/decisions/031): an order by its number, what its payments and its gift cards
 * took and have left, its refunds, and a refund of part or all of what is left with a reason: through
 * the gateway, back to the gift cards (docs/decisions/038), or both.
 */
export function RefundsPanel() {
  const { t, locale } = useTexts();
  const { get, post } = useFetchClient();
  const [number, setNumber] = useState("");
  const [order, setOrder] = useState<StaffOrderRefunds | null>(null);
  const [amount, setAmount] = useState("");
  const [giftCards, setGiftCards] = useState("");
  const [reason, setReason] = useState("");
  const [key, setKey] = useState(newKey);
  const [message, setMessage] = useState<{ tone: "danger600" | "success600"; text: string } | null>(null);
  const money = (cents: number) =>
    new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(cents / 100);
  const path = (orderNumber: string) => `/${PLUGIN_ID}/orders/${encodeURIComponent(orderNumber.trim())}/refunds`;

  async function load(event?: FormEvent) {
    event?.preventDefault();
    setMessage(null);
    try {
      setOrder((await get<StaffOrderRefunds>(path(number))).data);
    } catch (error) {
      setOrder(null);
      setMessage({ tone: "danger600", text: messageOf(error) ?? t("refunds.notFound") });
    }
  }

  async function refund(event: FormEvent) {
    event.preventDefault();
    if (order === null) return;
    const request = refundRequestOf({ amount, giftCards, reason, key });
    if (!request.ok) {
      setMessage({ tone: "danger600", text: t("refunds.badAmount") });
      return;
    }
    try {
      await post(path(order.number), request.body);
      setKey(newKey());
      setAmount("");
      setGiftCards("");
      setReason("");
      setOrder((await get<StaffOrderRefunds>(path(order.number))).data);
      const { body } = request;
      setMessage({
        tone: "success600",
        text: t("refunds.done", { amount: money(body.amount + (body.giftCards ?? 0)) }),
      });
    } catch (error) {
      setMessage({ tone: "danger600", text: messageOf(error) ?? t("refunds.failed") });
    }
  }

  return (
    <Flex direction="column" alignItems="stretch" gap={4} paddingTop={4}>
      <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
        <form onSubmit={(event) => void load(event)}>
          <Flex gap={4} alignItems="flex-end" wrap="wrap">
            <Field.Root name="order" required>
              <Field.Label>{t("refunds.order")}</Field.Label>
              <TextInput
                value={number}
                placeholder="IMP-0000042"
                onChange={(event: { target: { value: string } }) => setNumber(event.target.value)}
              />
            </Field.Root>
            <Button type="submit" variant="secondary">
              {t("refunds.find")}
            </Button>
          </Flex>
        </form>
      </Box>
      {message && (
        <Typography role={message.tone === "danger600" ? "alert" : "status"} textColor={message.tone}>
          {message.text}
        </Typography>
      )}
      {order && (
        <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
          <Typography variant="delta" tag="h2">
            {t("refunds.summary", { number: order.number, status: order.status })}
          </Typography>
          {order.payments.map((payment) => (
            <Typography key={payment.reference} tag="p">
              {t("refunds.payment", {
                provider: payment.provider,
                amount: money(payment.amount),
                left: money(payment.refundable),
              })}
            </Typography>
          ))}
          {order.giftCards.paid > 0 && (
            <Typography tag="p">
              {t("refunds.giftCardsPaid", {
                amount: money(order.giftCards.paid),
                left: money(order.giftCards.restorable),
              })}
            </Typography>
          )}
          {order.refunds.length > 0 && (
            <Table colCount={5} rowCount={order.refunds.length + 1}>
              <Thead>
                <Tr>
                  <Th>{t("refunds.when")}</Th>
                  <Th>{t("refunds.amount")}</Th>
                  <Th>{t("refunds.status")}</Th>
                  <Th>{t("refunds.by")}</Th>
                  <Th>{t("refunds.reason")}</Th>
                </Tr>
              </Thead>
              <Tbody>
                {order.refunds.map((each) => (
                  <Tr key={each.key}>
                    <Td>{new Date(each.at).toLocaleString(locale)}</Td>
                    <Td>{money(each.amount)}</Td>
                    <Td>{each.failure ? `${each.status} (${each.failure})` : each.status}</Td>
                    <Td>{each.by}</Td>
                    <Td>{each.reason}</Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          )}
          {(order.payments.some((payment) => payment.refundable > 0) || order.giftCards.restorable > 0) && (
            <form onSubmit={(event) => void refund(event)}>
              <Flex gap={4} alignItems="flex-end" wrap="wrap" paddingTop={4}>
                <Field.Root name="amount" hint={t("refunds.amountHint")}>
                  <Field.Label>{t("refunds.amount")}</Field.Label>
                  <TextInput
                    value={amount}
                    inputMode="decimal"
                    onChange={(event: { target: { value: string } }) => setAmount(event.target.value)}
                  />
                  <Field.Hint />
                </Field.Root>
                {order.giftCards.restorable > 0 && (
                  <Field.Root
                    name="giftCards"
                    hint={t("refunds.giftCardsHint", { left: money(order.giftCards.restorable) })}
                  >
                    <Field.Label>{t("refunds.giftCards")}</Field.Label>
                    <TextInput
                      value={giftCards}
                      inputMode="decimal"
                      onChange={(event: { target: { value: string } }) => setGiftCards(event.target.value)}
                    />
                    <Field.Hint />
                  </Field.Root>
                )}
                <Field.Root name="reason" required>
                  <Field.Label>{t("refunds.reason")}</Field.Label>
                  <TextInput
                    value={reason}
                    onChange={(event: { target: { value: string } }) => setReason(event.target.value)}
                  />
                </Field.Root>
                <Button type="submit" variant="danger">
                  {t("refunds.submit")}
                </Button>
              </Flex>
            </form>
          )}
        </Box>
      )}
    </Flex>
  );
}
