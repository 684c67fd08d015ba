import type { Cents } from "../money";

/**
 * A gift card's ledger (issue 23): its balance is always the sum of its entries, never a field that
 * could drift from them. Every entry carries an idempotency key (the order and the attempt, the staff
 * action's id...), so a retried request or a replayed notification adds nothing twice.
 */
export const GIFT_CARD_ENTRY_KINDS = ["issued", "spent", "restored", "adjusted", "voided"] as const;
export type GiftCardEntryKind = (typeof GIFT_CARD_ENTRY_KINDS)[number];

export interface GiftCardEntry {
  kind: GiftCardEntryKind;
  /** Signed: positive adds to the balance (issued, restored, an adjustment up), negative takes from it. */
  amount: Cents;
  idempotencyKey: string;
  /** The order an entry of kind spent or restored belongs to. */
  orderId?: number | null;
}

export const GIFT_CARD_ENTRY_REFUSALS = [
  "duplicate",
  "key_conflict",
  "voided",
  "not_issued",
  "already_issued",
  "wrong_sign",
  "exceeds_balance",
  "exceeds_spent",
  "zero",
  "not_whole_cents",
] as const;
export type GiftCardEntryRefusal = (typeof GIFT_CARD_ENTRY_REFUSALS)[number];

/** Two entries that say the same movement (what a retry under the same key must repeat). */
function isSameMovement(a: GiftCardEntry, b: GiftCardEntry): boolean {
  return a.kind === b.kind && a.amount === b.amount && (a.orderId ?? null) === (b.orderId ?? null);
}

export function giftCardBalance(entries: readonly Pick<GiftCardEntry, "amount">[]): Cents {
  return entries.reduce((sum, entry) => sum + entry.amount, 0);
}

/** What an order has taken from the card and not had back: what a cancellation of it may restore. */
export function spentByOrder(entries: readonly GiftCardEntry[], orderId: number): Cents {
  let spent = 0;
  for (const entry of entries) {
    if (entry.orderId !== orderId) continue;
    if (entry.kind === "spent") spent -= entry.amount;
    if (entry.kind === "restored") spent -= entry.amount;
  }
  return spent;
}

/**
 * Why `entry` may not join `entries`, or null when it may. The rules: one issue first; nothing after a
 * void; a spend never takes the balance below zero; a restoration gives back at most what that order
 * spent; an adjustment down never takes the balance below zero; a void takes exactly the balance. A
 * key already in the ledger is a repeat of the same operation ("duplicate"), which the caller answers
 * as done, not as an error.
 */
export function giftCardEntryRefusal(
  entries: readonly GiftCardEntry[],
  entry: GiftCardEntry,
): GiftCardEntryRefusal | null {
  const same = entries.find((each) => each.idempotencyKey === entry.idempotencyKey);
  if (same) return isSameMovement(same, entry) ? "duplicate" : "key_conflict";
  if (!Number.isSafeInteger(entry.amount)) return "not_whole_cents";
  const issued = entries.some((each) => each.kind === "issued");
  if (entry.kind === "issued") {
    if (issued) return "already_issued";
    return entry.amount > 0 ? null : "wrong_sign";
  }
  if (!issued) return "not_issued";
  if (entries.some((each) => each.kind === "voided")) return "voided";
  const balance = giftCardBalance(entries);
  switch (entry.kind) {
    case "spent":
      if (entry.amount >= 0) return entry.amount === 0 ? "zero" : "wrong_sign";
      return -entry.amount > balance ? "exceeds_balance" : null;
    case "restored":
      if (entry.amount <= 0) return entry.amount === 0 ? "zero" : "wrong_sign";
      if (entry.orderId == null) return "exceeds_spent";
      return entry.amount > spentByOrder(entries, entry.orderId) ? "exceeds_spent" : null;
    case "adjusted":
      if (entry.amount === 0) return "zero";
      return balance + entry.amount < 0 ? "exceeds_balance" : null;
    case "voided":
      return entry.amount === -balance ? null : "exceeds_balance";
  }
}
