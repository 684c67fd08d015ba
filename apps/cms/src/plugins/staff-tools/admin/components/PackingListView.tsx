import type { ReactNode } from "react";
import { Box, EmptyStateLayout, Flex, Typography } from "@strapi/design-system";
import type { BoxGroup, ExtraGroup, OrderToPrepare, PackingList } from "../../../../packing/packing";
import { useTexts, type Texts } from "../texts";
import { SheetTable, type Column } from "./SheetTable";

const foods = (names: readonly string[]) => names.join(", ");

function boxColumns({ t, kind }: Texts): Column<BoxGroup>[] {
  return [
    { heading: t("boxes.box"), cell: (group) => group.name },
    { heading: t("boxes.type"), cell: (group) => kind(group.boxKind) },
    { heading: t("boxes.size"), cell: (group) => group.size ?? "", nowrap: true },
    {
      heading: t("boxes.count"),
      cell: (group) => {
        const apart = group.withExclusions.reduce((total, special) => total + special.quantity, 0);
        // How many are the standard box matters only when some are not.
        return apart === 0 ? group.count : `${group.count} (${t("boxes.standard", { count: group.count - apart })})`;
      },
    },
    {
      heading: t("boxes.special"),
      cell: (group) =>
        group.withExclusions.map((special) => (
          <span key={`${special.orderNumber}:${foods(special.exclusions)}`} style={{ display: "block" }}>
            {special.orderNumber} × {special.quantity}: {t("orders.without", { foods: foods(special.exclusions) })}
          </span>
        )),
    },
  ];
}

function extraColumns({ t }: Texts): Column<ExtraGroup>[] {
  return [
    { heading: t("extras.product"), cell: (group) => group.name },
    { heading: t("extras.quantity"), cell: (group) => group.quantity, nowrap: true },
  ];
}

function orderColumns({ t, kind }: Texts): Column<OrderToPrepare>[] {
  return [
    { heading: t("orders.order"), cell: (order) => order.number, nowrap: true },
    { heading: t("orders.customer"), cell: (order) => order.customerName },
    { heading: t("orders.zone"), cell: (order) => order.zoneName },
    { heading: t("orders.slot"), cell: (order) => order.slot ?? "", nowrap: true },
    {
      heading: t("orders.lines"),
      cell: (order) => [
        ...order.boxes.map((box, index) => (
          <span key={`box-${index}`} style={{ display: "block" }}>
            {box.quantity} × {box.name} ({[kind(box.boxKind), box.size].filter(Boolean).join(" ")})
            {box.exclusions.length > 0 ? ` — ${t("orders.without", { foods: foods(box.exclusions) })}` : ""}
          </span>
        )),
        ...order.extras.map((extra, index) => (
          <span key={`extra-${index}`} style={{ display: "block" }}>
            {extra.quantity} × {extra.name}
          </span>
        )),
      ],
    },
  ];
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Flex direction="column" alignItems="stretch" gap={3}>
      <Typography tag="h2" variant="delta">
        {heading}
      </Typography>
      {children}
    </Flex>
  );
}

/** The day's packing list: totals, boxes by type and size with the ones packed apart, extras, orders. */
export function PackingListView({ list }: { list: PackingList }) {
  const texts = useTexts();
  const { t } = texts;
  if (list.orderCount === 0) return <EmptyStateLayout content={t("empty")} />;
  return (
    <Flex direction="column" alignItems="stretch" gap={6}>
      <Typography variant="omega" fontWeight="semiBold">
        {t("summary", { orders: list.orderCount, boxes: list.boxCount, extras: list.extraCount })}
      </Typography>
      <Section heading={t("boxes.heading")}>
        <SheetTable
          caption={t("boxes.heading")}
          columns={boxColumns(texts)}
          rows={list.boxes}
          rowKey={(group) => String(group.productId)}
        />
      </Section>
      <Section heading={t("extras.heading")}>
        {list.extras.length === 0 ? (
          <Box>
            <Typography textColor="neutral600">{t("extras.none")}</Typography>
          </Box>
        ) : (
          <SheetTable
            caption={t("extras.heading")}
            columns={extraColumns(texts)}
            rows={list.extras}
            rowKey={(group) => String(group.productId)}
          />
        )}
      </Section>
      <Section heading={t("orders.heading")}>
        <SheetTable
          caption={t("orders.heading")}
          columns={orderColumns(texts)}
          rows={list.orders}
          rowKey={(order) => order.number}
        />
      </Section>
    </Flex>
  );
}
