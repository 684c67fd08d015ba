import type { Core } from "@strapi/strapi";
import { invoiceNumber, type InvoiceKind, INVOICE_SERIES } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { newDocumentId, tableOf, type Sql } from "../database/sql";

/**
 * The next number of a series and year (Real Decreto 1619/2012 art. 6.1 a: correlative within the
 * series, docs/decisions/039), taken in the caller's transaction, the one that writes the invoice.
 * The series' counter row is created once (an insert that a second racer's insert leaves alone),
 * then locked (FOR UPDATE on PostgreSQL; SQLite writes one transaction at a time) and moved on by
 * one. A transaction undone (the payment not recorded after all) gives its number back with it, so
 * the series never has a gap; two payments at once wait for each other here and get n and n + 1.
 * Never MAX(sequence) + 1: two readers would both see the same maximum.
 */
export async function takeInvoiceNumber(
  strapi: Core.Strapi,
  trx: Sql,
  { kind, year }: { kind: InvoiceKind; year: number },
): Promise<{ number: string; sequence: number }> {
  const table = tableOf(strapi, CONTENT_TYPES.invoiceCounter);
  const series = `${INVOICE_SERIES[kind]}-${year}`;
  const seriesColumn = table.column("series");
  const lastColumn = table.column("lastSequence");
  const now = new Date();
  await trx(table.name)
    .insert({
      document_id: newDocumentId(),
      [seriesColumn]: series,
      [lastColumn]: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict(seriesColumn)
    .ignore();
  const locked = trx(table.name).where(seriesColumn, series).first(lastColumn);
  const row = (await (strapi.db.dialect.client === "postgres" ? locked.forUpdate() : locked)) as
    Record<string, number | string> | undefined;
  if (row === undefined) throw new Error(`The invoice counter ${series} could not be read`);
  const sequence = Number(row[lastColumn]) + 1;
  await trx(table.name)
    .where(seriesColumn, series)
    .update({ [lastColumn]: sequence, updated_at: now });
  return { number: invoiceNumber(kind, year, sequence), sequence };
}
