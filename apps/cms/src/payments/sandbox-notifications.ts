import type { Core } from "@strapi/strapi";
import type { PaymentNotification, PaymentProviderId } from "./provider";
import type { SandboxDecision, SandboxProvider } from "./sandbox";
import type { Sql } from "../database/sql";
import { lockOrderRow } from "../ordering/status";
import { findSandboxPayment, type SandboxPayment } from "./attempts";
import { gateways } from "./gateways";
import { applyNotification } from "./notifications";
import { CONTENT_TYPES } from "../content-types";

/**
 * The sandbox gateway's memory (docs/decisions/015), so that it behaves as a real gateway does:
 * the customer's decision on its page is written to the database before the page answers, and its
 * signed notification is then sent to the shop until the shop acknowledges it (answers 200), again
 * and again with growing pauses, a bounded number of times. A CMS killed right after the page's
 * answer loses nothing: the job (deliverSandboxNotifications in src/jobs/index.ts), run at start and every
 * minute, sends what it finds due. Every CMS process runs it: a try is claimed by one conditional
 * update of the row (its count of tries and its next time), so two processes never send one try twice.
 */

/**
 * The pause after each failed try (the first is sent right after the page answers): a minute, five,
 * a quarter of an hour, an hour, three, twelve. Past the last, one final try and then the gateway
 * gives up, as real ones do after a day or so; the row stays, "abandoned", for staff to see.
 */
export const SANDBOX_RETRY_DELAYS_MS: readonly number[] = [1, 5, 15, 60, 180, 720].map((minutes) => minutes * 60_000);

/** Tries in all: the first, and one after each pause. */
export const SANDBOX_MAX_TRIES = SANDBOX_RETRY_DELAYS_MS.length + 1;

/**
 * How long the last try is left to one process before it counts as lost (the process died during
 * it). Earlier tries need no such lease: the next try's time, set when the try is claimed, is it.
 */
const LAST_TRY_LEASE_MS = 5 * 60_000;

/** Rows sent per run at most: a backlog is worked off over the next minutes, not in one long run. */
const BATCH = 100;

export type SandboxDeliveryStatus = "pending" | "delivered" | "abandoned";

interface SandboxNotificationRow {
  id: number;
  reference: string;
  decision: SandboxDecision;
  amount: number;
  currency: string;
  deliveryStatus: SandboxDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | Date;
}

/** What takes a notification: the shop's own handler, unless a test puts another in its place. */
export type NotificationReceiver = (
  strapi: Core.Strapi,
  providerId: PaymentProviderId,
  input: PaymentNotification,
  options?: { now?: Date },
) => Promise<{ status: number; reason?: string }>;

export interface DeliveryOptions {
  /** The clock: when this run happens. */
  now?: Date;
  /** Where the notification goes (the shop's handler by default). */
  receiver?: NotificationReceiver;
}

const rows = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.sandboxNotification);

/** An attempt as the sandbox's page shows it: with the customer's decision once recorded. */
export interface SandboxAttempt extends SandboxPayment {
  /** What the customer chose on the page, recorded before it answered; null while undecided. */
  decision: SandboxDecision | null;
}

/**
 * An attempt as its page shows it, or null when there is none. Once the customer has decided it is
 * no longer open, even before the shop has heard (the notification may still be on its way). `now`
 * says whether the order's payment deadline has passed.
 */
export async function findSandboxAttempt(
  strapi: Core.Strapi,
  reference: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<SandboxAttempt | null> {
  const payment = await findSandboxPayment(strapi, reference, { now });
  if (payment === null) return null;
  const row = (await rows(strapi).findOne({ where: { reference }, select: ["decision"] })) as {
    decision: SandboxDecision;
  } | null;
  const decision = row?.decision ?? null;
  return { ...payment, decision, open: payment.open && decision === null };
}

/**
 * Records the customer's decision on an attempt, durably, before the page answers. Under the order's
 * lock (as every write of an order's payments), and only while the attempt is still open: of two
 * decisions posted at once (two tabs, approve and decline), one is recorded and the other finds the
 * attempt decided. The attempt as now decided, or null when it was not open.
 */
export async function recordSandboxDecision(
  strapi: Core.Strapi,
  reference: string,
  decision: SandboxDecision,
  { now = new Date() }: { now?: Date } = {},
): Promise<SandboxAttempt | null> {
  const before = await findSandboxAttempt(strapi, reference, { now });
  if (before === null || !before.open) return null;
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    // A gift card's purchase has no order: the reference's unique row below keeps one decision.
    if (before.orderId !== null) await lockOrderRow(strapi, trx, before.orderId);
    const payment = await findSandboxAttempt(strapi, reference, { now });
    if (payment === null || !payment.open) return null;
    await rows(strapi).create({
      data: {
        reference,
        decision,
        amount: payment.amount,
        currency: payment.currency,
        deliveryStatus: "pending",
        attempts: 0,
        // Due at once: the first try follows the answer; if this process dies first, the job sends it.
        nextAttemptAt: now,
      },
    });
    return { ...payment, decision, open: false };
  });
}

function sandboxGateway(): SandboxProvider | undefined {
  return gateways().sandbox;
}

/**
 * The orders (of `orderIds`, or any) that an approval recorded on the sandbox's page has still to
 * pay: its notification not yet acknowledged, nor given up. The expiry job leaves them alone
 * (src/jobs/expire-unpaid-orders.ts): the customer was told "payment completed", and a gateway's
 * approval is money taken, which the next tries bring to the order even past its deadline. Once
 * given up ("abandoned") the order expires as any other. While the sandbox is not the shop's
 * gateway its rows wait unsent, so they hold no order back (or it would never expire).
 */
export async function ordersAwaitingSandboxApproval(
  strapi: Core.Strapi,
  { orderIds }: { orderIds?: readonly number[] } = {},
): Promise<Set<number>> {
  const held = new Set<number>();
  if (sandboxGateway() === undefined || orderIds?.length === 0) return held;
  const approvals = (await rows(strapi).findMany({
    where: { decision: "approve", deliveryStatus: "pending" },
    select: ["reference"],
  })) as { reference: string }[];
  if (approvals.length === 0) return held;
  const payments = (await strapi.db.query(CONTENT_TYPES.payment).findMany({
    where: {
      provider: "sandbox",
      reference: { $in: approvals.map(({ reference }) => reference) },
      ...(orderIds === undefined ? {} : { order: { id: { $in: [...orderIds] } } }),
    },
    select: ["id"],
    populate: { order: { select: ["id"] } },
  })) as { order: { id: number } | null }[];
  for (const { order } of payments) if (order !== null) held.add(order.id);
  return held;
}

/**
 * Claims the row's next try: one conditional update from the tries counted so far, which also sets
 * when the try after it is due. Of two processes claiming at once, one gets true.
 */
async function claimTry(strapi: Core.Strapi, row: SandboxNotificationRow, now: Date): Promise<boolean> {
  const pause = SANDBOX_RETRY_DELAYS_MS[row.attempts] ?? LAST_TRY_LEASE_MS;
  const { count } = (await rows(strapi).updateMany({
    where: {
      id: row.id,
      attempts: row.attempts,
      deliveryStatus: "pending",
      nextAttemptAt: { $lte: now },
    },
    data: { attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + pause) },
  })) as { count: number };
  return count === 1;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Sends one claimed try; what became of the row. */
async function sendTry(
  strapi: Core.Strapi,
  sandbox: SandboxProvider,
  row: SandboxNotificationRow,
  { now, receiver }: Required<DeliveryOptions>,
): Promise<SandboxDeliveryStatus> {
  const tries = row.attempts + 1;
  // Whether the attempt asked to keep the card is the shop's (a subscription's payment), as a gateway is told with the attempt.
  const payment = (await strapi.db
    .query(CONTENT_TYPES.payment)
    .findOne({ where: { reference: row.reference }, select: ["saveCard"] })) as { saveCard: boolean | null } | null;
  const notification = sandbox.notificationFor(row.decision, { ...row, saveCard: payment?.saveCard === true }, { now });
  let failure: string;
  try {
    const answer = await receiver(strapi, "sandbox", notification, { now });
    if (answer.status === 200) {
      await rows(strapi).updateMany({
        where: { id: row.id, deliveryStatus: "pending" },
        data: { deliveryStatus: "delivered", deliveredAt: now, lastError: null },
      });
      return "delivered";
    }
    failure = `answered ${answer.status}${answer.reason === undefined ? "" : ` (${answer.reason})`}`;
  } catch (error) {
    failure = messageOf(error);
  }
  const last = tries >= SANDBOX_MAX_TRIES;
  await rows(strapi).updateMany({
    where: { id: row.id, deliveryStatus: "pending" },
    data: { lastError: failure.slice(0, 255), ...(last ? { deliveryStatus: "abandoned" } : {}) },
  });
  if (last) {
    strapi.log.error(
      `Sandbox notification ${row.reference} (${row.decision}) given up after ${tries} tries: ${failure}`,
    );
    return "abandoned";
  }
  strapi.log.warn(`Sandbox notification ${row.reference}: try ${tries} of ${SANDBOX_MAX_TRIES} failed (${failure})`);
  return "pending";
}

async function claimAndSend(
  strapi: Core.Strapi,
  row: SandboxNotificationRow,
  options: Required<DeliveryOptions>,
): Promise<SandboxDeliveryStatus | "taken"> {
  const sandbox = sandboxGateway();
  if (sandbox === undefined) return "taken";
  if (!(await claimTry(strapi, row, options.now))) return "taken";
  return sendTry(strapi, sandbox, row, options);
}

const FIELDS = ["id", "reference", "decision", "amount", "currency", "deliveryStatus", "attempts", "nextAttemptAt"];

function withDefaults(options: DeliveryOptions): Required<DeliveryOptions> {
  return { now: options.now ?? new Date(), receiver: options.receiver ?? applyNotification };
}

/**
 * The first try of a decision just recorded, made after the page's answer. Nothing when another
 * process (the job) claimed it first.
 */
export async function deliverSandboxNotification(
  strapi: Core.Strapi,
  reference: string,
  options: DeliveryOptions = {},
): Promise<SandboxDeliveryStatus | "taken"> {
  const row = (await rows(strapi).findOne({ where: { reference }, select: FIELDS })) as SandboxNotificationRow | null;
  if (row === null || row.deliveryStatus !== "pending") return "taken";
  return claimAndSend(strapi, row, withDefaults(options));
}

export interface DeliveryRun {
  delivered: number;
  failed: number;
  abandoned: number;
}

/**
 * Sends every notification due by `now` (the job, src/jobs/index.ts). A row whose
 * last try was claimed and never finished (its process died) is given up once the lease is over.
 * Nothing while the sandbox is not the shop's gateway: it signs nothing then, and its rows wait.
 */
export async function deliverDueSandboxNotifications(
  strapi: Core.Strapi,
  options: DeliveryOptions = {},
): Promise<DeliveryRun> {
  const run: DeliveryRun = { delivered: 0, failed: 0, abandoned: 0 };
  if (sandboxGateway() === undefined) return run;
  const settings = withDefaults(options);
  const { count: lost } = (await rows(strapi).updateMany({
    where: { deliveryStatus: "pending", attempts: { $gte: SANDBOX_MAX_TRIES }, nextAttemptAt: { $lte: settings.now } },
    data: { deliveryStatus: "abandoned", lastError: "The last try never finished" },
  })) as { count: number };
  if (lost > 0) strapi.log.error(`Sandbox notifications given up (the last try never finished): ${lost}`);
  run.abandoned += lost;
  const due = (await rows(strapi).findMany({
    where: { deliveryStatus: "pending", attempts: { $lt: SANDBOX_MAX_TRIES }, nextAttemptAt: { $lte: settings.now } },
    select: FIELDS,
    orderBy: { nextAttemptAt: "asc" },
    limit: BATCH,
  })) as SandboxNotificationRow[];
  for (const row of due) {
    const status = await claimAndSend(strapi, row, settings);
    if (status === "delivered") run.delivered++;
    else if (status === "pending") run.failed++;
    else if (status === "abandoned") run.abandoned++;
  }
  return run;
}
