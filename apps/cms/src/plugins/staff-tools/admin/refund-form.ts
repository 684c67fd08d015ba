/**
 * What the refunds panel's form sends (docs/decisions/031 and 038): the gateway's part and the gift
 * cards' part, each typed in euros ("12,50", empty for none), with the reason and the form's key. At
 * least one part above zero; the server checks each against what is left.
 */

import { eurosToCents } from "@shop/domain";

/**
 * "12,50" or "12.5" in euros as cents; "" is 0; null when it is not an amount. The parsing is the
 * domain's (`eurosToCents`, one rule for euros typed by people); the form adds only what a refund
 * typed by staff must also be: not negative, and no fraction of a cent (the domain would round a
 * third decimal, and staff should see "12,555" refused rather than silently become 12,56).
 */
export function centsOf(euros: string): number | null {
  const text = euros.trim();
  if (text === "") return 0;
  if (/[.,]\d{3,}$/.test(text)) return null;
  try {
    const cents = eurosToCents(text);
    return cents >= 0 ? cents : null;
  } catch {
    return null;
  }
}

export interface RefundForm {
  /** Through the payment's gateway. */
  amount: string;
  /** Given back to the gift cards that paid the order. */
  giftCards: string;
  reason: string;
  key: string;
}

export type RefundRequest =
  { ok: true; body: { amount: number; giftCards?: number; reason: string; key: string } } | { ok: false };

export function refundRequestOf(form: RefundForm): RefundRequest {
  const amount = centsOf(form.amount);
  const giftCards = centsOf(form.giftCards);
  if (amount === null || giftCards === null || amount + giftCards <= 0) return { ok: false };
  return {
    ok: true,
    body: { amount, ...(giftCards > 0 ? { giftCards } : {}), reason: form.reason, key: form.key },
  };
}
