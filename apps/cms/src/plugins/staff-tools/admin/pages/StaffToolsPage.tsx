import { useState, type ReactNode } from "react";
import {
  Box,
  DatePicker,
  Field,
  Flex,
  Loader,
  SingleSelect,
  SingleSelectOption,
  Tabs,
  Typography,
} from "@strapi/design-system";
import { Layouts, Page } from "@strapi/strapi/admin";
import type { DeliverySheet, PackingList, StaffFilters } from "../../../../packing/packing";
import { DeliverySheetView } from "../components/DeliverySheetView";
import { DownloadButton } from "../components/DownloadButton";
import { PackingListView } from "../components/PackingListView";
import { SubscriptionsPanel } from "../components/SubscriptionsPanel";
import { RefundsPanel } from "../components/RefundsPanel";
import { useSheet, usePluginJson, type DayChoice, type Loaded, type SheetName } from "../hooks";
import { useTexts } from "../texts";

const ALL_ZONES = "all";

/** "2026-11-24" as the picker's Date: midnight of that day on the staff member's computer. */
function dateOf(iso: string): Date {
  const [year, month, day] = iso.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** The picker's Date as the day it shows, whatever the computer's time zone. */
function isoOf(date: Date): string {
  const two = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

function DayFilters({
  filters,
  choice,
  onChange,
}: {
  filters: StaffFilters;
  choice: DayChoice;
  onChange(choice: DayChoice): void;
}) {
  const { t, locale } = useTexts();
  return (
    <Flex gap={4} alignItems="flex-end" wrap="wrap">
      <Field.Root name="date" required>
        <Field.Label>{t("filters.date")}</Field.Label>
        <DatePicker
          locale={locale}
          value={dateOf(choice.date)}
          onChange={(date) => date && onChange({ ...choice, date: isoOf(date) })}
        />
      </Field.Root>
      <Field.Root name="zone">
        <Field.Label>{t("filters.zone")}</Field.Label>
        <SingleSelect
          value={choice.zoneId === null ? ALL_ZONES : String(choice.zoneId)}
          onChange={(value) => onChange({ ...choice, zoneId: value === ALL_ZONES ? null : Number(value) })}
        >
          <SingleSelectOption value={ALL_ZONES}>{t("filters.allZones")}</SingleSelectOption>
          {filters.zones.map((zone) => (
            <SingleSelectOption key={zone.id} value={String(zone.id)}>
              {zone.name}
            </SingleSelectOption>
          ))}
        </SingleSelect>
      </Field.Root>
    </Flex>
  );
}

/** A sheet once loaded, with its download; a spinner or a message meanwhile. */
function SheetPanel<T>({
  name,
  choice,
  loaded,
  render,
}: {
  name: SheetName;
  choice: DayChoice;
  loaded: Loaded<T>;
  render(data: T): ReactNode;
}) {
  const { t } = useTexts();
  return (
    <Flex direction="column" alignItems="stretch" gap={4} paddingTop={4}>
      <Flex justifyContent="flex-end">
        <DownloadButton sheet={name} choice={choice} />
      </Flex>
      {loaded.state === "loading" && <Loader />}
      {loaded.state === "failed" && (
        <Typography role="alert" textColor="danger600">
          {t("load.failed")}
        </Typography>
      )}
      {loaded.state === "ready" && render(loaded.data)}
    </Flex>
  );
}

function Sheets({ filters }: { filters: StaffFilters }) {
  const { t } = useTexts();
  const [choice, setChoice] = useState<DayChoice>({ date: filters.nextDeliveryDay, zoneId: null });
  const packing = useSheet<PackingList>("packing-list", choice);
  const delivery = useSheet<DeliverySheet>("delivery-sheet", choice);
  return (
    <Flex direction="column" alignItems="stretch" gap={6}>
      <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
        <DayFilters filters={filters} choice={choice} onChange={setChoice} />
      </Box>
      <Tabs.Root defaultValue="packing-list">
        <Tabs.List aria-label={t("title")}>
          <Tabs.Trigger value="packing-list">{t("tabs.packing")}</Tabs.Trigger>
          <Tabs.Trigger value="delivery-sheet">{t("tabs.delivery")}</Tabs.Trigger>
          <Tabs.Trigger value="refunds">{t("tabs.refunds")}</Tabs.Trigger>
          <Tabs.Trigger value="subscriptions">{t("tabs.subscriptions")}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="packing-list">
          <SheetPanel
            name="packing-list"
            choice={choice}
            loaded={packing}
            render={(list) => <PackingListView list={list} />}
          />
        </Tabs.Content>
        <Tabs.Content value="delivery-sheet">
          <SheetPanel
            name="delivery-sheet"
            choice={choice}
            loaded={delivery}
            render={(sheet) => <DeliverySheetView sheet={sheet} />}
          />
        </Tabs.Content>
        <Tabs.Content value="refunds">
          <RefundsPanel />
        </Tabs.Content>
        <Tabs.Content value="subscriptions">
          <SubscriptionsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}

/** The staff tools' page: the day's packing list and delivery sheet, default the next delivery day. */
export default function StaffToolsPage() {
  const { t } = useTexts();
  const filters = usePluginJson<StaffFilters>("filters", "");
  return (
    <Page.Main>
      <Page.Title>{t("title")}</Page.Title>
      <Layouts.Header title={t("title")} subtitle={t("subtitle")} />
      <Layouts.Content>
        {filters.state === "loading" && <Page.Loading />}
        {filters.state === "failed" && <Page.Error />}
        {filters.state === "ready" && <Sheets filters={filters.data} />}
      </Layouts.Content>
    </Page.Main>
  );
}
