import { cutoffOf, type ClosedDay, type DeliveryZone, type IsoDate } from "../delivery";

/**
 * Neutral decline codes: each payment adapter (sandbox, Redsys, Stripe) maps its gateway's answer to
 * one of these, so the dunning rules below are written once.
 */
export const DECLINE_CODES = [
  // Soft: the same card may work later.
  "insufficient_funds",
  "limit_exceeded",
  "issuer_unavailable",
  "processing_error",
  "try_again_later",
  "do_not_honor",
  // Hard: this card will not be charged again; the customer must act.
  "card_expired",
  "card_lost_or_stolen",
  "card_invalid",
  "card_not_supported",
  "fraud_suspected",
  "account_closed",
  "consent_revoked",
  // The bank wants the cardholder there (3-D Secure): only an on-session payment can pass.
  "authentication_required",
  // An answer the adapter could not map.
  "unknown",
] as const satisfies readonly string[];
export type DeclineCode = (typeof DECLINE_CODES)[number];

export const DECLINE_KINDS = ["soft", "hard", "authenticationRequired"] as const satisfies readonly string[];
export type DeclineKind = (typeof DECLINE_KINDS)[number];

const KIND_OF = {
  insufficient_funds: "soft",
  limit_exceeded: "soft",
  issuer_unavailable: "soft",
  processing_error: "soft",
  try_again_later: "soft",
  // A generic refusal; card schemes allow retrying it, and it is often a momentary limit.
  do_not_honor: "soft",
  card_expired: "hard",
  card_lost_or_stolen: "hard",
  card_invalid: "hard",
  card_not_supported: "hard",
  fraud_suspected: "hard",
  account_closed: "hard",
  consent_revoked: "hard",
  authentication_required: "authenticationRequired",
  // Unmapped answers are not retried: card schemes penalise retrying refusals marked final, and the
  // pay link still reaches the customer at once (decision 027).
  unknown: "hard",
} as const satisfies Record<DeclineCode, DeclineKind>;

export function isDeclineCode(value: unknown): value is DeclineCode {
  return typeof value === "string" && Object.hasOwn(KIND_OF, value);
}

/** What to do about a decline: retry it (soft), or ask the customer (hard, authentication required). */
export function classifyDecline(code: DeclineCode): DeclineKind {
  return KIND_OF[code];
}

/** Off-session retries after the first charge of a renewal, for soft declines only. */
export const MAX_SOFT_RETRIES = 3;
const HOUR = 3_600_000;
/** The first two retries, after the first charge: the same day (funds arriving, a bank back up), then the next morning. */
const RETRY_DELAYS_MS = [4 * HOUR, 12 * HOUR] as const;
/**
 * The last retry comes this long before the packing deadline (or a quarter of the time from the
 * first charge to the deadline, when that is shorter): if it fails too, the customer still has these
 * hours to pay by the link.
 */
export const LAST_RETRY_BEFORE_DEADLINE_MS = 6 * HOUR;
/** Two charges of one delivery are at least this far apart: an immediate repeat only looks like fraud to the bank. */
const MIN_RETRY_GAP_MS = HOUR;

export interface ChargeAttempt {
  at: Date;
  outcome: { paid: true } | { paid: false; decline: DeclineCode };
}

export interface DunningContext {
  /** The instant the delivery must be paid by to be packed. */
  packingDeadline: Date;
  now: Date;
  /** When the pay link for this delivery was sent; null: not yet. */
  payLinkSentAt: Date | null;
}

export type DunningStep =
  /** Paid: nothing more. */
  | { action: "paid" }
  /** Nothing charged yet: charge now. */
  | { action: "charge" }
  /** Charge off-session again at `retryAt` (before the deadline, never before now). */
  | { action: "retry"; retryAt: Date; retryNumber: number }
  /** Send the customer the link to pay this delivery on-session, now. */
  | { action: "sendPayLink" }
  /** The link is out: wait for the customer until the deadline. */
  | { action: "awaitPayment"; giveUpAt: Date }
  /** The deadline has come unpaid: the delivery is not packed, and the subscription goes past_due (or suspended). */
  | { action: "giveUp" };

/**
 * The next step of a renewal's collection. `attempts` are this delivery's off-session charges so far,
 * the first one (at its cut-off) included, in any order, plus the customer's payment by the link once
 * it succeeds (the customer's own failed tries on the link are not retries). A soft decline is retried at most MAX_SOFT_RETRIES
 * times, 4 h and 12 h after the first charge and then at the last chance, LAST_RETRY_BEFORE_DEADLINE_MS
 * (at most a quarter of the window) before the deadline (earlier retries slip to that point when the deadline is close, and none is left out
 * merely because the job ran late); no retry is due after that last chance. A hard or
 * authentication-required decline, or soft retries used up or out of time, sends the pay link at
 * once, and no retry follows it. Nothing is charged at or after the deadline.
 */
export function nextDunningStep(attempts: readonly ChargeAttempt[], context: DunningContext): DunningStep {
  const { packingDeadline, now, payLinkSentAt } = context;
  if (attempts.some((attempt) => attempt.outcome.paid)) return { action: "paid" };
  if (now.getTime() >= packingDeadline.getTime()) return { action: "giveUp" };
  const sorted = [...attempts].sort((a, b) => a.at.getTime() - b.at.getTime());
  const [first] = sorted;
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return { action: "charge" };
  const askCustomer = (): DunningStep =>
    payLinkSentAt === null ? { action: "sendPayLink" } : { action: "awaitPayment", giveUpAt: packingDeadline };

  // One hard or authentication-required answer settles it: that card will not pass off-session.
  const allSoft = sorted.every(({ outcome }) => !outcome.paid && classifyDecline(outcome.decline) === "soft");
  if (!allSoft) return askCustomer();
  const retriesDone = sorted.length - 1;
  if (retriesDone >= MAX_SOFT_RETRIES) return askCustomer();

  const collectionWindow = packingDeadline.getTime() - first.at.getTime();
  const lastChance = packingDeadline.getTime() - Math.min(LAST_RETRY_BEFORE_DEADLINE_MS, collectionWindow / 4);
  const nominal =
    retriesDone < RETRY_DELAYS_MS.length ? first.at.getTime() + (RETRY_DELAYS_MS[retriesDone] ?? 0) : lastChance;
  // A retry slips to the last chance when the deadline is near, waits at least MIN_RETRY_GAP_MS after
  // the attempt before it, and is due at once when the job runs late.
  const retryAt = Math.max(Math.min(nominal, lastChance), now.getTime(), last.at.getTime() + MIN_RETRY_GAP_MS);
  // Past the last chance, only the customer can still pay in time: the link gets those hours.
  if (retryAt > lastChance) return askCustomer();
  return { action: "retry", retryAt: new Date(retryAt), retryNumber: retriesDone + 1 };
}

/** Packers start on the working day before a delivery at this time in Madrid (decision 027). */
const PACKING_STARTS = { workingDaysBefore: 1, time: "08:00" } as const;
/** A zone whose orders close after packing starts still gives a renewal this long to be paid. */
const MIN_COLLECTION_MS = 4 * HOUR;

/**
 * The instant a renewal for delivery on `date` must be paid by to be packed: 08:00 in Madrid on the
 * working day before it (closed days and weekends passed over, as cutoffOf counts them), but at least
 * MIN_COLLECTION_MS after the zone's cut-off, where the renewal is first charged.
 */
export function packingDeadlineOf(
  zone: Pick<DeliveryZone, "id" | "cutoff">,
  date: IsoDate,
  closedDays: readonly ClosedDay[],
): Date {
  const packing = cutoffOf({ id: zone.id, cutoff: PACKING_STARTS }, date, closedDays);
  const cutoff = cutoffOf(zone, date, closedDays);
  return new Date(Math.max(packing.getTime(), cutoff.getTime() + MIN_COLLECTION_MS));
}
