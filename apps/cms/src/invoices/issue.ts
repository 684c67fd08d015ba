import type { Core } from "@strapi/strapi";
import type { DeliveryAddress, DraftInvoice } from "@shop/contracts";
import {
  correctiveBreakdown,
  invoiceYear,
  remainingBreakdown,
  SHIPPING_TAX_RATE,
  toLocale,
  vatBreakdown,
  type Cents,
  type Locale,
  type VatBreakdown,
  type VatGroup,
} from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { queueOrderMailOnce } from "../email/queue";
import { tableOf, type Sql } from "../database/sql";
import { toOrderLine, type StoredLine } from "../ordering/lines";
import type { Entry } from "../database/documents";
import { serializeShopSettings } from "../shop-settings/shop-settings";
import { invoiceMailKey } from "./mail-key";
import { takeInvoiceNumber } from "./numbering";

/**
 * Issuing the shop's invoices (docs/decisions/039). An order that asked for an invoice gets a full
 * invoice (series F) in the transaction that records its payment (src/ordering/status.ts), with
 * the seller's data from the Shop settings and the buyer's from the order, both frozen on the
 * invoice. A refund of an invoiced order gets a corrective invoice (series R) for what it gave back.
 * Each is issued once: its issue key is unique, so a replayed payment or refund finds it.
 */

/** The seller as the invoice prints it (art. 6.1 c-e): the Shop settings' legal details at issue time. */
export interface InvoiceSeller {
  name: string;
  taxId: string;
  address: string[];
  registration: string | null;
}

export interface InvoiceBuyer {
  name: string;
  taxId: string;
  address: DeliveryAddress;
}

/** A line as the invoice prints it: net unit price, quantity, net discount, base, rate, tax. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Net unit price before the discount. */
  unitPrice: Cents;
  /** Net discount of the line. */
  discount: Cents;
  base: Cents;
  rate: number;
  tax: Cents;
}

export interface InvoiceRow {
  id: number;
  number: string;
  kind: "invoice" | "corrective";
  issuedAt: string | Date;
  locale: Locale;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  vat: VatGroup[];
  base: Cents;
  tax: Cents;
  total: Cents;
  giftCardsPaid: Cents;
  correctsNumber: string | null;
  reason: string | null;
  orderNumber: string;
  /**
   * When the operation took place, for a full invoice: its order's payment (LIVA art. 75.Dos). The
   * PDF prints it apart when it is not the day of issue (art. 6.1 i: an invoice asked for or issued later).
   */
  operationAt: string | Date | null;
}

interface OrderForInvoice {
  id: number;
  number: string;
  locale: string;
  invoice: DraftInvoice | null;
  lines?: StoredLine[];
  shipping: number;
  shippingTax: number;
  total: number;
  giftCardsPaid: number | null;
  paidAt: string | Date | null;
}

/** Words of the lines that are not products: the delivery, and a corrective invoice's refund. */
const WORDS = {
  es: { shipping: "Envío a domicilio", refund: (rate: string) => `Devolución (IVA ${rate})` },
  ca: { shipping: "Enviament a domicili", refund: (rate: string) => `Devolució (IVA ${rate})` },
  pt: { shipping: "Entrega ao domicílio", refund: (rate: string) => `Devolução (IVA ${rate})` },
} as const satisfies Record<Locale, object>;

const percent = (rate: number) => `${Math.round(rate * 10000) / 100} %`;

async function sellerOf(strapi: Core.Strapi): Promise<InvoiceSeller | null> {
  // Read by the query engine, which runs in the payment's transaction (its connection): nothing in
  // that transaction may wait for a second connection while it holds the invoice counter's lock.
  const row = (await strapi.db.query(CONTENT_TYPES.shopSetting).findOne({
    select: ["legalName", "taxId", "registration", "streetAddress", "postalCode", "locality", "region", "country"],
  })) as Entry | null;
  const settings = row === null ? null : serializeShopSettings(row);
  if (settings?.legalName == null || settings.taxId == null) return null;
  const place = [settings.postalCode, settings.locality].filter(Boolean).join(" ");
  return {
    name: settings.legalName,
    taxId: settings.taxId,
    address: [settings.streetAddress, place, settings.region, settings.country].filter(
      (part): part is string => typeof part === "string" && part !== "",
    ),
    registration: settings.registration,
  };
}

function linesOf(order: OrderForInvoice, locale: Locale): InvoiceLine[] {
  const lines = (order.lines ?? []).map(toOrderLine).map((line) => {
    const base = line.gross - line.tax;
    return {
      description: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      // The stored unit price is the catalogue's net one; what the line's base is short of it is its discount.
      discount: Math.max(0, line.unitPrice * line.quantity - base),
      base,
      rate: line.taxRate,
      tax: line.tax,
    };
  });
  if (order.shipping === 0) return lines;
  const base = order.shipping - order.shippingTax;
  return [
    ...lines,
    {
      description: WORDS[locale].shipping,
      quantity: 1,
      unitPrice: base,
      discount: 0,
      base,
      rate: SHIPPING_TAX_RATE,
      tax: order.shippingTax,
    },
  ];
}

const orderKey = (orderId: number) => `order:${orderId}`;
export const refundKey = (refundId: number) => `refund:${refundId}`;

async function findByKey(strapi: Core.Strapi, issueKey: string): Promise<{ id: number } | null> {
  return (await strapi.db.query(CONTENT_TYPES.invoice).findOne({ where: { issueKey }, select: ["id"] })) as {
    id: number;
  } | null;
}

/**
 * Runs `work` inside a savepoint of the caller's transaction, so that an invoice that fails (a
 * database error, a stored line that does not add up) undoes only its own writes and leaves the
 * payment or refund around it to be recorded: logged loudly, null returned, and issued later by
 * issueOwedInvoices (docs/decisions/039, "When an invoice cannot be issued"). Raw SAVEPOINT
 * statements on the transaction's own connection, where the query engine's writes run too (PostgreSQL
 * and SQLite both nest them).
 */
let savepoints = 0;
async function inSavepoint<T>(strapi: Core.Strapi, trx: Sql, what: string, work: () => Promise<T>): Promise<T | null> {
  const name = `invoice_${++savepoints}`;
  await trx.raw(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    await trx.raw(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await trx.raw(`ROLLBACK TO SAVEPOINT ${name}`);
    await trx.raw(`RELEASE SAVEPOINT ${name}`);
    strapi.log.error(
      `INVOICE NOT ISSUED: ${what}: ${error instanceof Error ? error.message : String(error)}. ` +
        "The hourly owed-invoices job tries again (docs/decisions/039).",
    );
    return null;
  }
}

/**
 * Inserts an invoice row; a racer's row under the same issue key (the unique index) is not an error:
 * its id is returned. The insert runs in its own savepoint so that, on PostgreSQL, the transaction
 * is still usable to read the racer's row.
 */
async function createOnce(strapi: Core.Strapi, trx: Sql, data: Record<string, unknown>): Promise<number> {
  const name = `invoice_insert_${++savepoints}`;
  await trx.raw(`SAVEPOINT ${name}`);
  try {
    const created = (await strapi.db.query(CONTENT_TYPES.invoice).create({ data })) as { id: number };
    await trx.raw(`RELEASE SAVEPOINT ${name}`);
    return created.id;
  } catch (error) {
    await trx.raw(`ROLLBACK TO SAVEPOINT ${name}`);
    await trx.raw(`RELEASE SAVEPOINT ${name}`);
    const existing = await findByKey(strapi, String(data.issueKey));
    if (existing !== null) return existing.id;
    throw error;
  }
}

/**
 * The order's invoice, issued now if the order asked for one and has none yet: inside the caller's
 * transaction (the payment's), so that its number is taken with the payment or not at all. Returns
 * the invoice's id, or null when the order asked for none, or when it cannot be issued now (the
 * shop's legal details missing, any error): logged for staff and left to issueOwedInvoices, since a
 * payment must never fail to be recorded for its invoice.
 */
export async function issueOrderInvoice(
  strapi: Core.Strapi,
  orderId: number,
  now: Date,
  { mailLate = false }: { mailLate?: boolean } = {},
): Promise<number | null> {
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    // Most orders ask for none: one narrow read says so before the lines are read (renewals pay in bulk).
    const asked = (await strapi.db.query(CONTENT_TYPES.order).findOne({
      where: { id: orderId },
      select: ["id", "invoice"],
    })) as Pick<OrderForInvoice, "invoice"> | null;
    if (asked?.invoice == null) return null;
    return inSavepoint(strapi, trx, `the invoice of order ${orderId}`, () =>
      issueOrderInvoiceIn(strapi, trx, orderId, { now, mailLate }),
    );
  });
}

/** Why an order that asked for an invoice has none yet, for the log and the order page. */
export class InvoiceNotIssuable extends Error {}

/**
 * `mailLate`: the order's confirmation went out without its invoice (a later status change, the
 * owed-invoices job), so the customer is mailed the invoice on its own: queued in this transaction,
 * with the invoice or not at all, once per invoice (its key), only by the call that issued it.
 */
async function issueOrderInvoiceIn(
  strapi: Core.Strapi,
  trx: Sql,
  orderId: number,
  { now, mailLate }: { now: Date; mailLate: boolean },
): Promise<number | null> {
  const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { id: orderId },
    select: ["id", "number", "locale", "invoice", "shipping", "shippingTax", "total", "giftCardsPaid", "paidAt"],
    populate: { lines: true },
  })) as OrderForInvoice | null;
  if (order?.invoice == null) return null;
  const existing = await findByKey(strapi, orderKey(orderId));
  if (existing !== null) return existing.id;
  const seller = await sellerOf(strapi);
  if (seller === null) {
    throw new InvoiceNotIssuable(
      `order ${order.number} asked for an invoice, but the Shop settings have no legal name or tax id`,
    );
  }
  const locale = toLocale(order.locale);
  const lines = linesOf(order, locale);
  const sold = lines.slice(0, order.lines?.length ?? 0);
  const breakdown = vatBreakdown(
    sold.map((line) => ({ gross: line.base + line.tax, tax: line.tax, rate: line.rate })),
    { gross: order.shipping, tax: order.shippingTax },
  );
  if (breakdown.total !== order.total) {
    strapi.log.warn(`Order ${order.number}: its invoice adds up to ${breakdown.total} cents, not ${order.total}`);
  }
  const year = invoiceYear(now);
  const { number, sequence } = await takeInvoiceNumber(strapi, trx, { kind: "invoice", year });
  const invoiceId = await createOnce(strapi, trx, {
    number,
    kind: "invoice",
    year,
    sequence,
    issueKey: orderKey(orderId),
    issuedAt: now,
    order: orderId,
    locale,
    seller,
    buyer: { name: order.invoice.name, taxId: order.invoice.taxId, address: order.invoice.address },
    lines,
    vat: breakdown.groups,
    base: breakdown.base,
    tax: breakdown.tax,
    total: breakdown.total,
    giftCardsPaid: Number(order.giftCardsPaid ?? 0),
    // The date of the operation as it stood at issue, printed from the invoice and never read again
    // from the order (whose payment date a later fix or replay could move).
    operationAt: order.paidAt,
  });
  if (mailLate) await queueOrderMailOnce(strapi, { kind: "invoice", orderId, key: invoiceMailKey(invoiceId), now });
  return invoiceId;
}

interface StoredInvoice {
  id: number;
  number: string;
  issuedAt: string | Date;
  locale: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  vat: VatGroup[];
  base: number;
  tax: number;
  total: number;
}

const breakdownOfRow = (row: Pick<StoredInvoice, "vat" | "base" | "tax" | "total">): VatBreakdown => ({
  groups: row.vat,
  base: row.base,
  tax: row.tax,
  total: row.total,
});

interface Correction {
  orderId: number;
  /** Gross cents given back (capped at what the original has left). */
  amount: Cents;
  issueKey: string;
  reason: string | null;
  now: Date;
  /**
   * When the order's lines and totals were lowered by what this refund gives back (a customer's
   * change), or null when the refund left them as they were: an invoice issued since then already
   * declares the lower amounts, so nothing is corrected (refundNettedIn).
   */
  loweredOrderAt?: Date | null;
}

/**
 * A customer's change of their paid order (docs/decisions/049) rewrites the order's lines and totals
 * and then refunds the difference under `change-<order id>-<n>`: the one refund that lowers what the
 * order's invoice is issued from. Every other refund (staff's, a cancellation's, one made at the
 * gateway) leaves the order's amounts as they were.
 */
const LOWERS_THE_ORDER = /^change-\d+-\d+$/;

/**
 * Whether a succeeded refund is already netted in its order's invoice, so that it must get no
 * corrective invoice (docs/decisions/039, "A refund before the invoice"): the invoice is issued from
 * the order's lines and totals as they are at issue, so a refund that lowered them (a customer's
 * change) made at or before the invoice's issue is declared by the invoice's lower amounts already.
 * A refund that did not lower them is never netted: the invoice declares what was charged, and the
 * refund's corrective invoice takes it off, whenever the invoice was issued.
 */
export function refundNettedIn(
  refund: { key: string; createdAt: string | Date },
  invoice: { issuedAt: string | Date },
): boolean {
  return (
    LOWERS_THE_ORDER.test(refund.key) && new Date(refund.createdAt).getTime() <= new Date(invoice.issuedAt).getTime()
  );
}

/**
 * A corrective invoice of the order's invoice (art. 15): its own series, referencing the original,
 * with `amount` shared over the original's VAT rates as negative bases and taxes. Once per issue
 * key; nothing for an order without an invoice or with nothing left to correct; never more than the
 * original has left. In the caller's transaction when there is one, inside a savepoint: a failure
 * is logged and returns null, never undoing the refund or cancellation around it.
 *
 * The original invoice's row is locked (FOR UPDATE on PostgreSQL; SQLite writes one transaction at
 * a time) before the issue key is looked up and the earlier corrective invoices are read: two
 * corrections of one invoice at once (a gateway's answer and its webhook, a cancellation and staff's
 * gift-card refund) then run one after the other, the second seeing the first's row, so neither a
 * duplicate key nor two corrections from the same "what is left" can happen.
 */
async function issueCorrection(strapi: Core.Strapi, correction: Correction): Promise<number | null> {
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) =>
    inSavepoint(
      strapi,
      trx,
      `the corrective invoice ${correction.issueKey} of order ${correction.orderId}`,
      async () => {
        const original = (await strapi.db.query(CONTENT_TYPES.invoice).findOne({
          where: { order: { id: correction.orderId }, kind: "invoice" },
        })) as StoredInvoice | null;
        if (original === null) return null;
        // Issued after the order was lowered: the invoice's amounts are the lower ones already.
        if (
          correction.loweredOrderAt != null &&
          correction.loweredOrderAt.getTime() <= new Date(original.issuedAt).getTime()
        ) {
          return null;
        }
        if (strapi.db.dialect.client === "postgres") {
          await trx(tableOf(strapi, CONTENT_TYPES.invoice).name).where("id", original.id).forUpdate().select("id");
        }
        const existing = await findByKey(strapi, correction.issueKey);
        if (existing !== null) return existing.id;
        const earlier = (await strapi.db.query(CONTENT_TYPES.invoice).findMany({
          where: { corrects: { id: original.id } },
          select: ["vat", "base", "tax", "total"],
        })) as Pick<StoredInvoice, "vat" | "base" | "tax" | "total">[];
        const remaining = remainingBreakdown(breakdownOfRow(original), earlier.map(breakdownOfRow));
        const amount = Math.min(correction.amount, remaining.total);
        if (amount <= 0) return null;
        const corrective = correctiveBreakdown(remaining, amount);
        const locale = toLocale(original.locale);
        const lines: InvoiceLine[] = corrective.groups.map((group) => ({
          description: WORDS[locale].refund(percent(group.rate)),
          quantity: 1,
          unitPrice: group.base,
          discount: 0,
          base: group.base,
          rate: group.rate,
          tax: group.tax,
        }));
        const year = invoiceYear(correction.now);
        const { number, sequence } = await takeInvoiceNumber(strapi, trx, { kind: "corrective", year });
        return createOnce(strapi, trx, {
          number,
          kind: "corrective",
          year,
          sequence,
          issueKey: correction.issueKey,
          issuedAt: correction.now,
          order: correction.orderId,
          corrects: original.id,
          correctsNumber: original.number,
          reason: correction.reason,
          locale,
          // The parties of the invoice it corrects, as they were then.
          seller: original.seller,
          buyer: original.buyer,
          lines,
          vat: corrective.groups,
          base: corrective.base,
          tax: corrective.tax,
          total: corrective.total,
          giftCardsPaid: 0,
        });
      },
    ),
  );
}

/** The corrective invoice of a refund through a gateway, once it has succeeded (a pending one waits). */
export async function issueCorrectiveInvoice(strapi: Core.Strapi, refundId: number, now: Date): Promise<number | null> {
  const refund = (await strapi.db.query(CONTENT_TYPES.refund).findOne({
    where: { id: refundId },
    select: ["id", "key", "amount", "refundStatus", "reason", "createdAt"],
    populate: { order: { select: ["id"] } },
  })) as {
    id: number;
    key: string;
    amount: number;
    refundStatus: string;
    reason: string | null;
    createdAt: string | Date;
    order: { id: number } | null;
  } | null;
  if (refund?.order == null || refund.refundStatus !== "succeeded") return null;
  return issueCorrection(strapi, {
    orderId: refund.order.id,
    amount: refund.amount,
    issueKey: refundKey(refundId),
    reason: refund.reason ?? null,
    now,
    // Judged against the original invoice once it is read, under its lock (refundNettedIn).
    loweredOrderAt: LOWERS_THE_ORDER.test(refund.key) ? new Date(refund.createdAt) : null,
  });
}

/** The corrective invoice of what staff gave back to the gift cards of an order (decision 038), under their refund's key. */
export async function issueGiftCardsCorrective(
  strapi: Core.Strapi,
  {
    orderId,
    amount,
    key,
    reason,
    now,
  }: { orderId: number; amount: Cents; key: string; reason: string | null; now: Date },
): Promise<number | null> {
  return issueCorrection(strapi, { orderId, amount, issueKey: `gift-cards:${key}`.slice(0, 120), reason, now });
}

/**
 * What a cancellation gave back to the order's gift cards gets a corrective invoice, in the
 * cancellation's transaction (src/ordering/status.ts). Only money given back is corrected: what a
 * gateway refunds is corrected by that refund's own corrective invoice once it succeeds, and what
 * the shop keeps (a paid order cancelled without a refund, a refund that failed) stays invoiced.
 */
export async function issueCancellationCorrective(
  strapi: Core.Strapi,
  orderId: number,
  { giftCardsRestored, now }: { giftCardsRestored: Cents; now: Date },
): Promise<number | null> {
  if (giftCardsRestored <= 0) return null;
  return issueCorrection(strapi, {
    orderId,
    amount: giftCardsRestored,
    issueKey: `cancel:${orderId}`,
    reason: null,
    now,
  });
}

/** How far back issueOwedInvoices looks: an invoice owed for longer is staff's to issue by hand. */
const OWED_DAYS = 90;
/** Invoices issued per run at most; the rest wait for the next run. */
const OWED_BATCH = 100;

/** Which of these issue keys have an invoice. */
async function issuedKeys(strapi: Core.Strapi, keys: readonly string[]): Promise<Set<string>> {
  const issued = new Set<string>();
  for (let start = 0; start < keys.length; start += 500) {
    const rows = (await strapi.db.query(CONTENT_TYPES.invoice).findMany({
      where: { issueKey: { $in: keys.slice(start, start + 500) } },
      select: ["issueKey"],
    })) as { issueKey: string }[];
    for (const row of rows) issued.add(row.issueKey);
  }
  return issued;
}

/** When each of these orders' full invoice was issued, by order id (orders without one are absent). */
async function invoiceDatesOf(strapi: Core.Strapi, orderIds: readonly number[]): Promise<Map<number, Date>> {
  const dates = new Map<number, Date>();
  const ids = [...new Set(orderIds)];
  for (let start = 0; start < ids.length; start += 500) {
    const rows = (await strapi.db.query(CONTENT_TYPES.invoice).findMany({
      where: { kind: "invoice", order: { id: { $in: ids.slice(start, start + 500) } } },
      select: ["issuedAt"],
      populate: { order: { select: ["id"] } },
    })) as { issuedAt: string | Date; order: { id: number } | null }[];
    for (const row of rows) if (row.order !== null) dates.set(row.order.id, new Date(row.issuedAt));
  }
  return dates;
}

/**
 * The invoices owed and not issued (docs/decisions/039): a paid order that asked for an invoice and
 * has none (the Shop settings lacked the legal name or NIF, or the issue failed), and a succeeded
 * refund of an invoiced order without its corrective invoice, unless the invoice already nets it
 * (refundNettedIn: a customer's change made before the invoice was issued). Each issued in its own transaction,
 * dated now, once (issue keys). A late order invoice is mailed to the customer (the queue sends it
 * with its PDF). Run hourly (src/jobs/index.ts) and safe to run twice at once.
 */
export async function issueOwedInvoices(
  strapi: Core.Strapi,
  now: Date,
): Promise<{ invoices: number; correctives: number }> {
  const since = new Date(now.getTime() - OWED_DAYS * 24 * 60 * 60 * 1000);
  const paid = (await strapi.db.query(CONTENT_TYPES.order).findMany({
    where: {
      invoice: { $notNull: true },
      paidAt: { $gte: since },
      orderStatus: { $in: ["paid", "preparing", "shipped", "delivered", "refunded", "cancelled"] },
    },
    select: ["id"],
  })) as { id: number }[];
  const refunds = (await strapi.db.query(CONTENT_TYPES.refund).findMany({
    where: { refundStatus: "succeeded", createdAt: { $gte: since } },
    select: ["id", "key", "createdAt"],
    populate: { order: { select: ["id"] } },
  })) as { id: number; key: string; createdAt: string | Date; order: { id: number } | null }[];
  const issued = await issuedKeys(strapi, [
    ...paid.map(({ id }) => orderKey(id)),
    ...refunds.flatMap(({ id, order }) => (order === null ? [] : [refundKey(id), orderKey(order.id)])),
  ]);
  const run = { invoices: 0, correctives: 0 };
  for (const { id } of paid.filter(({ id }) => !issued.has(orderKey(id))).slice(0, OWED_BATCH)) {
    // The confirmation went without it: the customer is mailed the invoice with its issue.
    if ((await issueOrderInvoice(strapi, id, now, { mailLate: true })) === null) continue;
    run.invoices++;
    issued.add(orderKey(id));
  }
  // After the invoices just issued: a refund's corrective needs its order's invoice.
  const waiting = refunds.filter(
    ({ id, order }) => order !== null && !issued.has(refundKey(id)) && issued.has(orderKey(order.id)),
  );
  // A refund netted in its invoice is owed nothing, ever: left out before the batch is cut, so that
  // such refunds never take the places of owed ones run after run.
  const invoiceDates = await invoiceDatesOf(
    strapi,
    waiting.flatMap(({ key, order }) => (order !== null && LOWERS_THE_ORDER.test(key) ? [order.id] : [])),
  );
  const owedRefunds = waiting.filter(({ key, createdAt, order }) => {
    const issuedAt = order === null ? undefined : invoiceDates.get(order.id);
    return issuedAt === undefined || !refundNettedIn({ key, createdAt }, { issuedAt });
  });
  for (const { id } of owedRefunds.slice(0, OWED_BATCH)) {
    if ((await issueCorrectiveInvoice(strapi, id, now)) !== null) run.correctives++;
  }
  return run;
}
