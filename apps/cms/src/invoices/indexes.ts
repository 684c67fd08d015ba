import type { Core } from "@strapi/strapi";
import { CONTENT_TYPES } from "../content-types";
import { tableOf } from "../database/sql";

/**
 * What the database keeps for invoices (docs/decisions/039): one counter per series and year (the
 * numbering's insert relies on it to leave a racer's row alone), one invoice per number, and one per
 * issue key (an order's invoice, a refund's corrective one), so a replayed payment or refund never
 * issues a second. Strapi's `unique` makes no index: made at every boot, like the orders' own.
 */
const UNIQUE = [
  { name: "shop_invoice_counters_series_unique", uid: CONTENT_TYPES.invoiceCounter, attribute: "series" },
  { name: "shop_invoices_number_unique", uid: CONTENT_TYPES.invoice, attribute: "number" },
  { name: "shop_invoices_issue_key_unique", uid: CONTENT_TYPES.invoice, attribute: "issueKey" },
] as const;

export async function ensureInvoiceIndexes(strapi: Core.Strapi): Promise<void> {
  for (const { name, uid, attribute } of UNIQUE) {
    const table = tableOf(strapi, uid);
    await strapi.db.connection.raw("CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)", [
      name,
      table.name,
      table.column(attribute),
    ]);
  }
}
