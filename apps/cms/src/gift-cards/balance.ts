import type { Core } from "@strapi/strapi";
import type { GiftCardBalanceAnswer } from "@shop/contracts";
import { takeAllowance } from "../rate-limits/rate-limits";
import { findGiftCardByCode } from "./cards";
import { balanceOf } from "./ledger";

/**
 * The balance check by code, without an account (issue 23, docs/decisions/037). Every try counts
 * against the client address's allowance of codes (shared with the summary and the account, so
 * that no door is left for guessing), found or not, and every failure (a code that cannot be one,
 * an unknown one, an unpaid or voided card) is the same "not found".
 */
export async function checkGiftCardBalance(
  strapi: Core.Strapi,
  { code, clientAddress }: { code: string; clientAddress: string },
): Promise<GiftCardBalanceAnswer> {
  await takeAllowance("giftCardCodesPerAddress", clientAddress);
  const card = await findGiftCardByCode(strapi, code);
  if (card === null) return { found: false };
  return { found: true, balance: await balanceOf(strapi, card.id), codeTail: card.codeTail };
}
