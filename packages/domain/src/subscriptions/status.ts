import type { IsoDate } from "../delivery";

/**
 * A subscription's life (decision 027). pending: its first order is not paid yet; active; paused
 * until a date; past_due: a renewal was still unpaid at its packing deadline; suspended: two in a row
 * were; cancelled.
 */
export const SUBSCRIPTION_STATUSES = [
  "pending",
  "active",
  "paused",
  "past_due",
  "suspended",
  "cancelled",
] as const satisfies readonly string[];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Statuses whose deliveries are planned ahead, and so can be changed (a paused one's are planned
 * skipped); a pending one has nothing planned until its first order is paid.
 */
export const PLANNED_STATUSES = ["active", "paused", "past_due"] as const satisfies readonly SubscriptionStatus[];

/**
 * One delivery of a subscription. scheduled; skipped by the customer (or by a pause); gifted to a
 * friend; donated to a food bank; locked at its cut-off; ordered: its renewal order exists, whose own
 * payment status tells the rest.
 */
export const DELIVERY_STATUSES = [
  "scheduled",
  "skipped",
  "gifted",
  "donated",
  "locked",
  "ordered",
] as const satisfies readonly string[];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Who makes a change; every change is recorded with it. */
export const SUBSCRIPTION_ACTORS = ["customer", "staff", "job"] as const satisfies readonly string[];
export type SubscriptionActor = (typeof SUBSCRIPTION_ACTORS)[number];

export type SubscriptionEvent =
  /** The first order's payment was confirmed (by the gateway's notice, or by staff for a payment made otherwise). */
  | { type: "firstOrderPaid" }
  /**
   * The first order was cancelled unpaid (its payment window closed). A restart's first order
   * (`restartedFrom`: the status the restart left) leaves a suspended subscription suspended again:
   * its unpaid deliveries are still owed, and only a paid restart ends that.
   */
  | { type: "firstOrderExpired"; restartedFrom?: SubscriptionStatus | null }
  /** Pause up to and including `until` (the last paused day; see pause.ts). */
  | { type: "pause"; until: IsoDate }
  /** Resume a paused subscription before its pause ends. */
  | { type: "resume" }
  /** The day after a pause's `until`: deliveries go on. */
  | { type: "pauseEnded" }
  /**
   * A renewal was still unpaid at its packing deadline; `unpaidInARow` counts that delivery and the
   * unpaid ones right before it (1: the first; 2: the second in a row).
   */
  | { type: "renewalUnpaidAtDeadline"; unpaidInARow: number }
  /** A renewal was paid (a retry, the pay link, or staff recording a payment). */
  | { type: "renewalPaid" }
  | { type: "cancel" }
  /** Start a cancelled or suspended subscription again, from its page. */
  | { type: "restart" };
export type SubscriptionEventType = SubscriptionEvent["type"];

/** Unpaid deliveries in a row at which a subscription is suspended. */
export const UNPAID_IN_A_ROW_TO_SUSPEND = 2;

export type TransitionRefusal =
  /** This actor never makes this event (a customer cannot declare a payment, a job cannot cancel). */
  | "actorNotAllowed"
  /** A renewal is unpaid (past_due) or the subscription is suspended: it is paid, or restarted, first. */
  | "paymentRequired"
  | "alreadyCancelled"
  | "notPaused"
  /** The event does not apply to the current status (resume an active one, restart an active one…). */
  | "notInThisStatus";

export interface TransitionAccepted {
  ok: true;
  from: SubscriptionStatus;
  to: SubscriptionStatus;
  /** false when the event is accepted but leaves the status as it was (a renewal paid while active). */
  changed: boolean;
  /** For a pause: the last paused day, to store with the status. */
  pausedUntil?: IsoDate;
}
export type TransitionResult = TransitionAccepted | { ok: false; from: SubscriptionStatus; reason: TransitionRefusal };

/** Who may make each event. Customers act on their own subscription; jobs follow payments and the calendar. */
const ACTORS_OF = {
  firstOrderPaid: ["staff", "job"],
  firstOrderExpired: ["job"],
  pause: ["customer", "staff"],
  resume: ["customer", "staff"],
  pauseEnded: ["job"],
  renewalUnpaidAtDeadline: ["job"],
  renewalPaid: ["staff", "job"],
  cancel: ["customer", "staff"],
  restart: ["customer", "staff"],
} as const satisfies Record<SubscriptionEventType, readonly SubscriptionActor[]>;

/** Whether `actor` may ever make events of this type (to show or hide a button). */
export function mayMakeEvent(actor: SubscriptionActor, type: SubscriptionEventType): boolean {
  return (ACTORS_OF[type] as readonly SubscriptionActor[]).includes(actor);
}

const accept = (from: SubscriptionStatus, to: SubscriptionStatus): TransitionAccepted => ({
  ok: true,
  from,
  to,
  changed: from !== to,
});
const refuse = (from: SubscriptionStatus, reason: TransitionRefusal): TransitionResult => ({ ok: false, from, reason });

/** Statuses with an unpaid delivery behind them: only a payment (or a restart) moves them on. */
const owesPayment = (status: SubscriptionStatus) => status === "past_due" || status === "suspended";

/**
 * The status after `event`, made by `actor`, or why it is refused. Pure: the CMS records the change
 * (who, when, from, to) and does the rest (e-mails, deliveries).
 */
export function transitionSubscription(
  current: SubscriptionStatus,
  event: SubscriptionEvent,
  actor: SubscriptionActor,
): TransitionResult {
  if (!mayMakeEvent(actor, event.type)) return refuse(current, "actorNotAllowed");
  if (current === "cancelled" && event.type !== "restart") return refuse(current, "alreadyCancelled");
  switch (event.type) {
    case "firstOrderPaid":
      if (current !== "pending") return refuse(current, "notInThisStatus");
      return accept(current, "active");
    case "firstOrderExpired":
      if (current !== "pending") return refuse(current, "notInThisStatus");
      return accept(current, event.restartedFrom === "suspended" ? "suspended" : "cancelled");
    case "pause":
      if (owesPayment(current)) return refuse(current, "paymentRequired");
      // A paused subscription may be paused again: that changes its end date.
      if (current !== "active" && current !== "paused") return refuse(current, "notInThisStatus");
      return { ...accept(current, "paused"), pausedUntil: event.until };
    case "resume":
    case "pauseEnded":
      if (owesPayment(current)) return refuse(current, "paymentRequired");
      if (current !== "paused") return refuse(current, "notPaused");
      return accept(current, "active");
    case "renewalUnpaidAtDeadline":
      // pending has no renewals; a suspended one has no more deliveries being charged. A paused one
      // can have one: a delivery locked (and charged) before the pause was asked for.
      if (current !== "active" && current !== "paused" && current !== "past_due") {
        return refuse(current, "notInThisStatus");
      }
      return accept(current, event.unpaidInARow >= UNPAID_IN_A_ROW_TO_SUSPEND ? "suspended" : "past_due");
    case "renewalPaid":
      if (current === "past_due") return accept(current, "active");
      // Paid renewals of a running subscription are the normal case: nothing changes.
      if (current === "active" || current === "paused") return accept(current, current);
      // Suspended: its unpaid deliveries were not packed; starting again is a restart, paid first.
      return refuse(current, "notInThisStatus");
    case "cancel":
      return accept(current, "cancelled");
    case "restart":
      // Always back to pending, whoever asks: the customer pays the first delivery on-session, which
      // renews the consent to charge the card off-session (a cancelled subscription ended it; a
      // suspended one's card failed twice). Staff restarting it is not a payment either.
      if (current !== "cancelled" && current !== "suspended") return refuse(current, "notInThisStatus");
      return accept(current, "pending");
  }
}
