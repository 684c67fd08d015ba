// The shared rules of gift cards (issue 23, docs/decisions/033): codes, the ledger, how cards pay an
// order, the amounts sold. Read by the CMS (CommonJS build) and the storefront.
export {
  GIFT_CARD_CODE_GROUPS,
  GIFT_CARD_CODE_GROUP_LENGTH,
  GIFT_CARD_VISIBLE_TAIL,
  drawGiftCardCode,
  formatGiftCardCode,
  giftCardTailOf,
  normalizeGiftCardCode,
} from "./code";
export {
  GIFT_CARD_ENTRY_KINDS,
  GIFT_CARD_ENTRY_REFUSALS,
  giftCardBalance,
  giftCardEntryRefusal,
  spentByOrder,
  type GiftCardEntry,
  type GiftCardEntryKind,
  type GiftCardEntryRefusal,
} from "./ledger";
export { allocateGiftCards, type GiftCardSpend, type SpendableGiftCard } from "./spend";
export {
  GIFT_CARD_AMOUNT_REFUSALS,
  giftCardAmountRefusal,
  offeredGiftCardAmounts,
  type GiftCardAmountLimits,
  type GiftCardAmountRefusal,
} from "./amounts";
