/** A card of the profile's Gift cards section, as the page shows it (./account-gift-cards.server.ts makes it). */
export interface AccountGiftCardView {
  tail: string;
  balance: string;
  addedOn: string;
}

/** What the profile's action answers the section. */
export type GiftCardAnswer =
  { giftCardAdded: string } | { giftCardRefusal: { error: "gift_card_invalid" | "required" | "tooMany" | "failed" } };
