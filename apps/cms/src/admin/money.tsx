import type { ReactNode } from "react";
import { Flex, Typography } from "@strapi/design-system";
import { labelOf, MONEY_IN_CENTS } from "../admin-labels/labels";

/**
 * Amounts stored in cents (orders, payments, refunds, gift cards...) shown in euros in the admin
 * panel: in the list view's cells, and beside an edit view in a panel of their own. The inputs stay
 * the stored integer cents (labelled "(céntimos)"): a custom field would change the schemas' types
 * (decision 041).
 */

const euros = new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" });

/** 1250 as "12,50 €"; anything that is not a whole number of cents as it is. */
export function formatCents(value: unknown): string {
  const cents = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof cents !== "number" || !Number.isInteger(cents))
    return value === null || value === undefined ? "-" : String(value);
  return euros.format(cents / 100);
}

/** A label that says "(céntimos…)" read as euros: "Total (céntimos, IVA incl.)" becomes "Total (€, IVA incl.)". */
function euroLabel(uid: string, field: string): string {
  return (labelOf(uid, field) ?? field).replace("céntimos de euro", "€").replace("céntimos", "€");
}

interface ListHeader {
  name: string;
  cellFormatter?: (row: Record<string, unknown>, header: unknown, meta: { model: string }) => ReactNode;
  [key: string]: unknown;
}

const CENTS_FIELD_NAMES = new Set(Object.values(MONEY_IN_CENTS).flat());

/**
 * The content manager's list view hook (Admin/CM/pages/ListView/inject-column-in-table). The hook
 * is not told which content type it draws; each cell is, so a cell of a field named like an amount
 * in cents ("amount", "total") checks its content type before showing euros.
 */
export function showCentsAsEuros<T extends { displayedHeaders: ListHeader[] }>(args: T): T {
  return {
    ...args,
    displayedHeaders: args.displayedHeaders.map((header) =>
      CENTS_FIELD_NAMES.has(header.name) && header.cellFormatter === undefined
        ? {
            ...header,
            cellFormatter: (row: Record<string, unknown>, _header: unknown, { model }: { model: string }) => (
              <Typography textColor="neutral800">
                {MONEY_IN_CENTS[model]?.includes(header.name)
                  ? formatCents(row[header.name])
                  : String(row[header.name] ?? "-")}
              </Typography>
            ),
          }
        : header,
    ),
  };
}

interface PanelProps {
  model: string;
  document?: Record<string, unknown>;
}

/** The edit view's side panel: every amount of the record in euros. */
export function EurosPanel({ model, document }: PanelProps) {
  const fields = MONEY_IN_CENTS[model];
  if (!fields || !document) return null;
  return {
    title: "Importes en euros",
    content: (
      <Flex direction="column" alignItems="stretch" gap={1} width="100%">
        {fields.map((field) => (
          <Flex key={field} justifyContent="space-between" gap={2}>
            <Typography variant="pi" textColor="neutral600">
              {euroLabel(model, field)}
            </Typography>
            <Typography variant="pi" fontWeight="bold">
              {formatCents(document[field])}
            </Typography>
          </Flex>
        ))}
      </Flex>
    ),
  };
}
