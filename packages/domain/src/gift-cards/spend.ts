import type { Cents } from "../money";

export interface SpendableGiftCard {
  id: number;
  balance: Cents;
  /** When the customer added it to the order (or to their account): cards are spent in this order. */
  addedAt: Date;
}

export interface GiftCardSpend {
  id: number;
  amount: Cents;
}

/**
 * How `due` (an order's total after every discount) is paid from the cards: each card in the order
 * the customer added them, as much as it has, until nothing is due. `remaining` is what is left for
 * a payment; 0 means the order needs none. Cards with nothing left take no part.
 *
 * `minimumCharge` is the least a gateway charges (Stripe's 50 cents): a remaining above 0 but below
 * it could never be paid (no charge, no pay link), so the cards then pay less, the last ones first,
 * leaving exactly the minimum to charge. A due that is itself below the minimum and that the cards do
 * not cover is left whole (the caller refuses it as it would any order of that total).
 */
export function allocateGiftCards(
  cards: readonly SpendableGiftCard[],
  due: Cents,
  { minimumCharge = 0 }: { minimumCharge?: Cents } = {},
): { spends: GiftCardSpend[]; remaining: Cents } {
  if (!Number.isSafeInteger(due) || due < 0) throw new RangeError(`Not an amount due: ${due}`);
  const ordered = [...cards].sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.id - b.id);
  const spends: GiftCardSpend[] = [];
  let remaining = due;
  for (const card of ordered) {
    if (remaining === 0) break;
    const amount = Math.min(card.balance, remaining);
    if (amount <= 0) continue;
    spends.push({ id: card.id, amount });
    remaining -= amount;
  }
  if (remaining === 0 || remaining >= minimumCharge) return { spends, remaining };
  // Spend less, from the last card back, until the minimum is left to charge (or nothing is spent).
  let giveBack = Math.min(minimumCharge, due) - remaining;
  for (let index = spends.length - 1; index >= 0 && giveBack > 0; index--) {
    const spend = spends[index]!;
    const less = Math.min(spend.amount, giveBack);
    spend.amount -= less;
    giveBack -= less;
    remaining += less;
  }
  return { spends: spends.filter((spend) => spend.amount > 0), remaining };
}
