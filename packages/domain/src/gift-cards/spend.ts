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
 */
export function allocateGiftCards(
  cards: readonly SpendableGiftCard[],
  due: Cents,
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
  return { spends, remaining };
}
