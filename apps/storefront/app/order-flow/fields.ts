import { POSTAL_ADDRESS_FIELDS, type PostalAddressField } from "@shop/contracts";
import { PICK_INTENT } from "./pick";

/**
 * Names of the flow's form fields and intents, shared by the steps (browser) and the action
 * (server). Fields are named after the draft's paths, so a refusal of the CMS at ["delivery",
 * "date"] finds its field without a table.
 */

export const INTENTS = {
  postcode: "postcode",
  areaInterest: "areaInterest",
  plan: "plan",
  /** Adds the configured box and stays, to configure another. */
  addBox: "addBox",
  /** Adds the configured box and goes on to the extras. */
  addBoxAndContinue: "addBoxAndContinue",
  removeBox: "removeBox",
  /** Goes on with the boxes already chosen. */
  boxesChosen: "boxesChosen",
  extras: "extras",
  skipExtras: "skipExtras",
  signIn: "signIn",
  requestCode: "requestCode",
  verifyCode: "verifyCode",
  register: "register",
  signOut: "signOut",
  /** Leaves a draft that waits for someone else's sign-in, and starts a new one. */
  startOver: "startOver",
  delivery: "delivery",
  applyCoupon: "applyCoupon",
  removeCoupon: "removeCoupon",
  /** A gift card's code typed at the summary joins the order (docs/decisions/033). */
  applyGiftCard: "applyGiftCard",
  /** Takes the card whose last four characters are the button's value off the order. */
  removeGiftCard: "removeGiftCard",
  pay: "pay",
  /** A product page's "order this" / "add to my order": the product comes into the draft (pick.ts). */
  pick: PICK_INTENT,
} as const satisfies Record<string, string>;
export type Intent = (typeof INTENTS)[keyof typeof INTENTS];

/** The box being configured (a draft's `boxes[N]` once added). */
export const BOX_FIELDS = {
  productId: "box.productId",
  exclusions: "box.exclusions",
  quantity: "box.quantity",
} as const;

/** A box already in the draft, as a refusal names it: said beside that box in the step's list. */
export const chosenBoxField = (index: number) => `boxes.${index}.productId`;

export const DELIVERY_FIELDS = {
  /** An address-book entry's documentId, or NEW_ADDRESS. */
  addressId: "delivery.addressId",
  /** "2026-05-12|morning": the date and the slot in one radio. */
  when: "delivery.when",
  notes: "delivery.notes",
} as const;

/** The value of the address choice that means "a new address, typed below". */
export const NEW_ADDRESS = "new";

/** The typed fields of a postal address (the country is a select), under "delivery.address." or "invoice.address.". */
export const ADDRESS_FIELDS = POSTAL_ADDRESS_FIELDS.filter(
  (name): name is Exclude<PostalAddressField, "country"> => name !== "country",
);

export const INVOICE_FIELDS = {
  wanted: "invoice.wanted",
  name: "invoice.name",
  taxId: "invoice.taxId",
  /** Ticked: the invoice goes to the delivery address. */
  sameAddress: "invoice.sameAddress",
} as const;

export const ORDER_FIELDS = {
  couponCode: "couponCode",
  /** The code the summary showed as refused, sent with "Pay": paying then goes on without it. */
  refusedCoupon: "refusedCoupon",
  /** The summary's total, in cents: the order is refused if it would come to another. */
  expectedTotal: "expectedTotal",
  /** What the summary said was left to pay after the gift cards, in cents. */
  expectedDue: "expectedDue",
  /** A gift card's code, as typed (the CMS finds it; the page never knows a balance before). */
  giftCardCode: "code",
  /** The last four characters of the gift card to take off the order. */
  giftCardTail: "giftCardTail",
  termsAccepted: "termsAccepted",
  marketingConsent: "marketingConsent",
} as const;

/** An extra's quantity or frequency field: one pair per offered product. */
export const extraField = (kind: "quantity" | "frequency", productId: number) => `extra.${kind}.${productId}`;

/** What the flow says on the page after a redirect (problems.*): a draft gone, a slot taken meanwhile. */
export const FLOW_NOTICES = [
  "draftExpired",
  "signedOut",
  "slotFull",
  "dateGone",
  "notForYou",
  "priceChanged",
  "productGone",
] as const;
export type FlowNotice = (typeof FLOW_NOTICES)[number];
