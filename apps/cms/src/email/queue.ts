import type { Core } from "@strapi/strapi";
import v8 from "node:v8";
import vm from "node:vm";
import { CONTENT_TYPES } from "../content-types";
import { insertRows } from "../database/bulk";
import { newDocumentId, tableOf, type Sql } from "../database/sql";
import { afterAnswer } from "../http/after-answer";
import { findOrdersForMails, sendOrderMail, type OrderMailKind, type OrderMailRow } from "./order-mails";
import { sendEmail, type EmailMessage } from "./send";
import type { TemplateName } from "./templates";

/**
 * The mail queue (docs/decisions/030, "Measured"): an order's mail written as a `queued-mail` row in
 * the same transaction as what it tells, and sent by sendQueuedMails soon after, a page at a time.
 * For the renewal job, which pays thousands of orders in a run: rendering each confirmation in the
 * run took most of its time and memory, and a mail queued in memory was lost if the process died
 * before sending it; a row is not. Sending claims each row first (`claimedAt`), so two processes
 * never send one mail twice; a mail whose sender died, or that failed, is claimed again after
 * CLAIM_TIMEOUT_MS, up to MAX_FAILURES failures (the last error kept for staff). Besides an order's
 * mails (read from the order when sent), any mail can be queued as its message (queueMail): the
 * renewals' dunning mails and the card expiry reminders (docs/decisions/043), written with the claim
 * of the step they tell, so that a crash neither loses them nor sends them twice.
 */

/** Rows claimed and sent per pass. */
const PAGE = 50;
export const CLAIM_TIMEOUT_MS = 10 * 60_000;
/** Mails of a page sent at once. */
const SENDERS = 4;
export const MAX_FAILURES = 5;
/** Sent mails kept this long (staff can see what went out), then deleted by deleteSentMails. */
export const SENT_MAILS_KEPT_DAYS = 30;

/** Queues the orders' mails inside the caller's transaction (`strapi.db.transaction`). */
export async function queueOrderMails(
  strapi: Core.Strapi,
  { kind, orderIds, now }: { kind: OrderMailKind; orderIds: readonly number[]; now: Date },
): Promise<void> {
  await insertRows(strapi, {
    uid: CONTENT_TYPES.queuedMail,
    now,
    rows: orderIds.map((orderId) => ({ orderId, orderMail: kind, failures: 0 })),
  });
}

/**
 * Writes one queue row under `key` inside the caller's transaction (or in its own): the unique index
 * on the key (src/subscriptions/indexes.ts) makes a second write with the same key write nothing.
 * True when this call wrote it. `fields`: the row's own columns (a message, or an order and its mail).
 */
async function queueOnce(
  strapi: Core.Strapi,
  { key, now, fields }: { key: string; now: Date; fields: Record<string, unknown> },
): Promise<boolean> {
  const table = tableOf(strapi, CONTENT_TYPES.queuedMail);
  // Nested in the caller's transaction when there is one (Strapi's transactions reuse it).
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const inserted = (await trx(table.name)
      .insert({
        ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [table.column(name), value])),
        [table.column("documentId")]: newDocumentId(),
        [table.column("dedupeKey")]: key,
        [table.column("failures")]: 0,
        [table.column("createdAt")]: now,
        [table.column("updatedAt")]: now,
        [table.column("publishedAt")]: now,
      })
      .onConflict(table.column("dedupeKey"))
      .ignore()
      .returning("id")) as unknown[];
    return inserted.length === 1;
  });
}

/**
 * Queues one order's mail once, whoever queues it (`key`), inside the caller's transaction: the late
 * invoice's mail, written with the invoice (src/invoices/issue.ts). True when this call queued it.
 */
export function queueOrderMailOnce(
  strapi: Core.Strapi,
  { kind, orderId, key, now }: { kind: OrderMailKind; orderId: number; key: string; now: Date },
): Promise<boolean> {
  return queueOnce(strapi, { key, now, fields: { orderId, orderMail: kind } });
}

/**
 * Queues one mail inside the caller's transaction (or in its own). `key`: the mail that must exist
 * once whoever queues it: a second queueMail with the same key writes nothing. True when this call
 * queued it.
 */
export function queueMail<Name extends TemplateName>(
  strapi: Core.Strapi,
  { message, key, now }: { message: EmailMessage<Name>; key: string; now: Date },
): Promise<boolean> {
  return queueOnce(strapi, { key, now, fields: { message: JSON.stringify(message) } });
}

/** The mails queueMail writes are plain JSON: no Buffers (attachments) and no functions. */
type QueuedMessage = EmailMessage<TemplateName>;

interface QueuedRow {
  id: number;
  orderId: number | null;
  orderMail: OrderMailKind | null;
  message: QueuedMessage | string | null;
  failures: number;
}

/** Sends a queued row: its message as it was queued, or its order's mail as the order reads now. */
async function sendRow(strapi: Core.Strapi, row: QueuedRow, orders: Map<number, OrderMailRow>): Promise<void> {
  if (row.message !== null) {
    // SQLite hands JSON back as text.
    await sendEmail(strapi, typeof row.message === "string" ? (JSON.parse(row.message) as QueuedMessage) : row.message);
    return;
  }
  if (row.orderId === null || row.orderMail === null) throw new Error(`Queued mail ${row.id} has nothing to send`);
  await sendOrderMail(strapi, row.orderMail, row.orderId, { order: orders.get(row.orderId) ?? null });
}

const describeRow = (row: QueuedRow): string =>
  row.message !== null ? "" : ` (${row.orderMail} of order ${row.orderId})`;

/** Claims the next page of mails to send (oldest first); on PostgreSQL skipping those another sender holds. */
async function claimPage(strapi: Core.Strapi, now: Date): Promise<QueuedRow[]> {
  const table = tableOf(strapi, CONTENT_TYPES.queuedMail);
  const claimedAt = table.column("claimedAt");
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const due = trx(table.name)
      .select("id")
      .whereNull(table.column("sentAt"))
      .where(table.column("failures"), "<", MAX_FAILURES)
      .where((query) => query.whereNull(claimedAt).orWhere(claimedAt, "<", new Date(now.getTime() - CLAIM_TIMEOUT_MS)))
      .orderBy("id")
      .limit(PAGE);
    if (strapi.db.dialect.client === "postgres") due.forUpdate().skipLocked();
    const ids = ((await due) as { id: number }[]).map((row) => row.id);
    if (ids.length === 0) return [];
    await trx(table.name)
      .whereIn("id", ids)
      .update({ [claimedAt]: now, [table.column("updatedAt")]: now });
    return (await strapi.db.query(CONTENT_TYPES.queuedMail).findMany({
      where: { id: { $in: ids } },
      select: ["id", "orderId", "orderMail", "message", "failures"],
      orderBy: { id: "asc" },
    })) as QueuedRow[];
  });
}

/**
 * How much the V8 heap may grow over what the last full collection left while the queue sends
 * (docs/decisions/043). Each mail's rendering (React, html-to-text) and MIME building leaves garbage,
 * some of it old enough to be promoted to V8's old generation, which V8 lets grow to a multiple
 * of its live size (up to about four times, and a booted CMS is about 250 MB) before collecting:
 * ten thousand mails grew the process to 1,044 MB of RSS with nothing of them kept.
 */
const GARBAGE_ALLOWANCE_BYTES = 64 * 2 ** 20;

/**
 * A full collection, asked for from the code: `gc` exposed in a context of its own (the flag set at
 * run time only adds that function; it changes nothing else in V8).
 */
let collectGarbage: (() => void) | undefined;
function fullCollection(): void {
  if (collectGarbage === undefined) {
    v8.setFlagsFromString("--expose-gc");
    collectGarbage = vm.runInNewContext("gc") as () => void;
  }
  collectGarbage();
}

/**
 * Keeps the sending's garbage within GARBAGE_ALLOWANCE_BYTES of the heap the last collection left:
 * called after each page, it collects when the heap has grown past that (a few times in ten
 * thousand mails, each a fraction of a second), so the process's peak stays near its live size
 * instead of V8's multiple of it.
 */
function heapKeeper(): (page: readonly unknown[]) => void {
  let floor: number | undefined;
  return (page) => {
    const used = v8.getHeapStatistics().used_heap_size;
    // A short queue (a few mails every run) never pays for a collection. A long one starts with
    // one: what it finds in the heap may be the garbage of the run that queued it (the renewals).
    if (floor === undefined) {
      if (page.length < PAGE) return;
    } else if (used - floor < GARBAGE_ALLOWANCE_BYTES) return;
    fullCollection();
    floor = v8.getHeapStatistics().used_heap_size;
  };
}

/** Sends every queued mail (page by page, so memory stays flat however many there are); how many were sent. */
export async function sendQueuedMails(strapi: Core.Strapi, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  let sent = 0;
  const keepHeap = heapKeeper();
  for (;;) {
    const page = await claimPage(strapi, now);
    if (page.length === 0) return sent;
    keepHeap(page);
    const done: number[] = [];
    // The page's orders, lines and customers in one read, not three per mail.
    const orders = await findOrdersForMails(
      strapi,
      page.flatMap((row) => (row.orderId === null ? [] : [row.orderId])),
    );
    // A few at once: each waits on its order's read and its file or SMTP write as much as it renders.
    let next = 0;
    const sender = async (): Promise<void> => {
      while (next < page.length) await sendOne(page[next++]!);
    };
    const sendOne = async (row: QueuedRow): Promise<void> => {
      try {
        await sendRow(strapi, row, orders);
        done.push(row.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        strapi.log.error(`Queued mail ${row.id}${describeRow(row)} not sent: ${message}`);
        // Left claimed: a later pass tries it again once its claim has run out, not this one at once.
        await strapi.db.query(CONTENT_TYPES.queuedMail).update({
          where: { id: row.id },
          data: { failures: row.failures + 1, lastError: message.slice(0, 255) },
        });
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    // Marked a page at a time: a sender dying before this sends the page's mails again, never none.
    if (done.length > 0) {
      await strapi.db
        .query(CONTENT_TYPES.queuedMail)
        .updateMany({ where: { id: { $in: done } }, data: { sentAt: new Date() } });
    }
    sent += done.length;
  }
}

/**
 * Deletes the mails sent more than SENT_MAILS_KEPT_DAYS before `now` (one conditional DELETE; the
 * renewal job runs it, src/jobs/renew-subscriptions.ts): without it the table grew by every renewal's
 * mail forever. Mails never sent (given up after MAX_FAILURES) are kept for staff to look at. How many.
 */
export async function deleteSentMails(strapi: Core.Strapi, now: Date): Promise<number> {
  const table = tableOf(strapi, CONTENT_TYPES.queuedMail);
  const before = new Date(now.getTime() - SENT_MAILS_KEPT_DAYS * 24 * 60 * 60_000);
  return (await strapi.db.connection(table.name).where(table.column("sentAt"), "<", before).delete()) as number;
}

let running = false;
let again = false;

/**
 * Sends the queued mails after the caller's answer (src/http/after-answer.ts, whose flush waits for
 * it), one pass at a time in this process: asked while a pass runs, another pass follows it.
 */
export function sendQueuedMailsLater(strapi: Core.Strapi): void {
  if (running) {
    again = true;
    return;
  }
  running = true;
  afterAnswer(strapi, "send the queued mails", async () => {
    try {
      do {
        again = false;
        await sendQueuedMails(strapi);
      } while (again);
    } finally {
      running = false;
    }
  });
}
