import { EmptyStateLayout } from "@strapi/design-system";
import type { DeliverySheet, DeliveryStop } from "../../../../packing/packing";
import { useTexts, type Texts } from "../texts";
import { SheetTable, type Column } from "./SheetTable";

function stopColumns({ t }: Texts): Column<DeliveryStop>[] {
  return [
    { heading: t("delivery.order"), cell: (stop) => stop.number, nowrap: true },
    { heading: t("delivery.name"), cell: (stop) => stop.name },
    { heading: t("delivery.address"), cell: (stop) => stop.address },
    { heading: t("delivery.postcode"), cell: (stop) => stop.postcode, nowrap: true },
    { heading: t("delivery.city"), cell: (stop) => stop.city },
    { heading: t("delivery.phone"), cell: (stop) => stop.phone ?? "", nowrap: true },
    { heading: t("delivery.slot"), cell: (stop) => stop.slot ?? "", nowrap: true },
    { heading: t("delivery.notes"), cell: (stop) => stop.notes ?? "" },
    { heading: t("delivery.boxes"), cell: (stop) => stop.boxCount, nowrap: true },
  ];
}

/** The courier's sheet: one stop per order, by postcode then slot. */
export function DeliverySheetView({ sheet }: { sheet: DeliverySheet }) {
  const texts = useTexts();
  if (sheet.stops.length === 0) return <EmptyStateLayout content={texts.t("empty")} />;
  return (
    <SheetTable
      caption={texts.t("tabs.delivery")}
      columns={stopColumns(texts)}
      rows={sheet.stops}
      rowKey={(stop) => stop.number}
    />
  );
}
