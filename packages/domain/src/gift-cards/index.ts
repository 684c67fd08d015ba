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
  normalizeGiftCardTail,
} from "./code";
export { GIFT_CARDS_RESTORED_STATUSES, amountDue, giftCardsRestoredIn } from "./payment";
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
export {
  DEFAULT_GIFT_CARD_LIMITS,
  GIFT_CARD_DESIGNS,
  GIFT_CARD_SEND_MAX_DAYS_AHEAD,
  GIFT_CARD_SEND_ON_REFUSALS,
  giftCardLimitsOf,
  giftCardSendOnRefusal,
  type GiftCardDesign,
  type GiftCardSendOnRefusal,
} from "./purchase";
