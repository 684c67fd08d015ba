import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type {
  GiftCardOffer,
  GiftCardPurchase,
  GiftCardPurchaseBody,
  GiftCardState,
  PaymentStart,
} from "@shop/contracts";
import {
  addTax,
  eurosToCents,
  isOnlyB2B,
  LOCALES,
  paymentReference,
  parseTaxRate,
  PRODUCT_TYPES,
  toLocale,
  type Cents,
  type Locale,
  type MarketType,
} from "@shop/domain";
import {
  GIFT_CARD_DESIGNS,
  giftCardAmountRefusal,
  giftCardLimitsOf,
  giftCardSendOnRefusal,
  offeredGiftCardAmounts,
  type GiftCardAmountLimits,
  type GiftCardDesign,
} from "@shop/domain/gift-cards";
import { VISIBLE_PRODUCT_FILTER } from "../catalogue/product";
import { CONTENT_TYPES } from "../content-types";
import { keyedHash } from "../crypto/keyed-hash";
import { documents } from "../database/documents";
import { afterAnswer } from "../http/after-answer";
import type { PaymentRow } from "../payments/attempts";
import { gateways, notifyUrlOf } from "../payments/gateways";
import { decidePayment } from "../payments/notifications";
import type { PaymentOutcome } from "../payments/provider";
import { storefrontLink } from "../storefront-links";
import { createGiftCard, giftCardLabel, issueGiftCard } from "./cards";
import { giftCardKeyedHash } from "./code-key";
import { giftCardPayBy } from "./expiry";
import { sendGiftCardReceipt } from "./receipt";

/**
 * Buying a gift card (issue 23, docs/decisions/033 and 036): the offer (amounts from the boxes'
 * prices, the custom amount's limits from the shop settings), the purchase (a card waiting for its
 * payment, and a payment attempt at the shop's gateway, as an order's), and what the gateway's
 * notification does to it: the card issued once, the buyer's receipt mailed once. Every amount is
 * worked out here; the browser's amount is only a choice checked against this offer.
 *
 * A purchase is found by a random token the storefront keeps in an httpOnly cookie (only its keyed
 * hash is stored): the buyer needs no account, and nobody else can read what they typed.
 */

/** A purchase the rules refuse: 400 with the field's path and a code (the storefront shows it beside the field). */
export class GiftCardPurchaseError extends Error {
  override readonly name = "GiftCardPurchaseError";

  constructor(
    readonly code: string,
    readonly path: readonly string[],
    readonly status: 400 | 404 | 503 = 400,
  ) {
    super(code);
  }
}

/**
 * What the purchase's token is stored and looked up as: under GIFT_CARD_CODE_KEY's family
 * (./code-key.ts, docs/decisions/040), not JWT_SECRET, so that rotating the sign-in key after a leak
 * does not lose the purchases whose buyers are at the bank.
 */
const purchaseKeyOf = (token: string) => giftCardKeyedHash("shop gift card purchases", token);
/**
 * The same token's key as purchases stored it before decision 040 (under JWT_SECRET): still looked
 * up, so that a purchase in flight while this shop upgraded is found when its buyer comes back.
 */
const legacyPurchaseKeyOf = (token: string) => keyedHash("shop gift card purchases", token);

interface BoxRow {
  price: number | string;
  market_types?: { name: string }[];
  tax_id?: { amount_value: number | string } | null;
}

/** What the shop's boxes cost a consumer (with VAT): one delivery of each active, visible box. */
async function boxPrices(strapi: Core.Strapi): Promise<Cents[]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.product).findMany({
    where: { $and: [{ type: PRODUCT_TYPES.box, isActive: true }, VISIBLE_PRODUCT_FILTER] },
    select: ["price"],
    populate: { market_types: { select: ["name"] }, tax_id: { select: ["amount_value"] } },
  })) as BoxRow[];
  return rows
    .filter((row) => !isOnlyB2B({ marketTypes: (row.market_types ?? []).map(({ name }) => name as MarketType) }))
    .map((row) => addTax(eurosToCents(row.price), parseTaxRate(row.tax_id?.amount_value ?? null)));
}

/** The custom amount's limits: staff's (shop settings, in whole euros), else the defaults. */
async function amountLimits(strapi: Core.Strapi): Promise<GiftCardAmountLimits> {
  const settings = await documents(strapi, CONTENT_TYPES.shopSetting).findFirst({
    fields: ["giftCardMinimumEuros", "giftCardMaximumEuros"],
  });
  const euros = (value: unknown) => (typeof value === "number" ? value * 100 : null);
  return giftCardLimitsOf({
    minimum: euros(settings?.giftCardMinimumEuros),
    maximum: euros(settings?.giftCardMaximumEuros),
  });
}

export async function giftCardOffer(strapi: Core.Strapi): Promise<GiftCardOffer> {
  const limits = await amountLimits(strapi);
  return { amounts: offeredGiftCardAmounts(await boxPrices(strapi), limits), limits, designs: [...GIFT_CARD_DESIGNS] };
}

/** The storefront pages the buyer comes back to from the gateway; their cookie says which purchase. */
export function giftCardReturnUrls(locale: Locale) {
  return {
    completed: storefrontLink("giftCardPaymentCompleted", locale),
    failed: storefrontLink("giftCardPaymentFailed", locale),
  };
}

const purchaseLabel = giftCardLabel;

/**
 * A new purchase: the rules checked against the CMS's own offer and Madrid's today, the card made
 * waiting for its payment, and a payment attempt started at the shop's gateway. Each submit is a
 * purchase of its own (a retry after a declined payment too): a late approval of an earlier attempt
 * then issues that attempt's own card, never a second balance on one card.
 */
export async function purchaseGiftCard(
  strapi: Core.Strapi,
  body: GiftCardPurchaseBody,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ token: string; payment: PaymentStart }> {
  const offer = await giftCardOffer(strapi);
  const amountRefusal = giftCardAmountRefusal(body.amount, offer.limits, offer.amounts);
  if (amountRefusal !== null) throw new GiftCardPurchaseError(amountRefusal, ["amount"]);
  const sendOnRefusal = body.sendOn === null ? null : giftCardSendOnRefusal(body.sendOn, now);
  if (sendOnRefusal !== null) throw new GiftCardPurchaseError(sendOnRefusal, ["sendOn"]);
  const gateway = gateways().active;
  if (body.amount < gateway.minimumAmount) throw new GiftCardPurchaseError("below_minimum", ["amount"]);
  const token = randomBytes(24).toString("base64url");
  const { locale, ...card } = body;
  const { id } = await createGiftCard(strapi, { ...card, purchaseKey: purchaseKeyOf(token), buyerLocale: locale });
  const reference = paymentReference(randomBytes(12));
  await strapi.db.query(CONTENT_TYPES.payment).create({
    data: {
      reference,
      giftCardId: id,
      provider: gateway.id,
      paymentStatus: "pending",
      amount: body.amount,
      currency: "EUR",
      saveCard: false,
      attemptedAt: now,
    },
  });
  try {
    const payment = await gateway.start({
      reference,
      amount: body.amount,
      currency: "EUR",
      orderNumber: purchaseLabel(id),
      description: `Imperfecta ${purchaseLabel(id)}`,
      locale,
      customerEmail: body.buyerEmail,
      returnUrls: giftCardReturnUrls(locale),
      notifyUrl: notifyUrlOf(gateway.id),
      saveCard: false,
      // The gateway's page closes when the expiry job may give the purchase up (./expiry.ts).
      payBy: giftCardPayBy(now),
    });
    return { token, payment };
  } catch (error) {
    await strapi.db
      .query(CONTENT_TYPES.payment)
      .updateMany({ where: { reference, paymentStatus: "pending" }, data: { paymentStatus: "voided" } });
    strapi.log.error(`Gift card ${id}: ${gateway.id} did not start a payment (${String(error)})`);
    throw new GiftCardPurchaseError("payment_unavailable", [], 503);
  }
}

interface CardRow {
  id: number;
  state: GiftCardState;
  amount: number;
  design: string | null;
  recipientName: string;
  recipientEmail: string;
  recipientLocale: string;
  message: string | null;
  senderName: string | null;
  buyerEmail: string;
  buyerLocale: string | null;
  sendOn: string | null;
  sentAt: string | Date | null;
}

const CARD_FIELDS = [
  "id",
  "state",
  "amount",
  "design",
  "recipientName",
  "recipientEmail",
  "recipientLocale",
  "message",
  "senderName",
  "buyerEmail",
  "buyerLocale",
  "sendOn",
  "sentAt",
];

const isDesign = (value: unknown): value is GiftCardDesign => GIFT_CARD_DESIGNS.includes(value as GiftCardDesign);
const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * The purchase a token stands for, as its buyer sees it, or null for a token that names none. Its
 * state is the card's (issued: paid; voided by staff: voided) or its payment's: failed when the gateway refused it (or the
 * attempt was given up), pending while the gateway has not said.
 */
export async function findGiftCardPurchase(strapi: Core.Strapi, token: string): Promise<GiftCardPurchase | null> {
  if (token === "" || token.length > 64) return null;
  const card = (await strapi.db.query(CONTENT_TYPES.giftCard).findOne({
    where: { purchaseKey: { $in: [purchaseKeyOf(token), legacyPurchaseKeyOf(token)] } },
    select: CARD_FIELDS,
  })) as CardRow | null;
  if (card === null) return null;
  const payment = (await strapi.db.query(CONTENT_TYPES.payment).findOne({
    where: { giftCardId: card.id },
    select: ["paymentStatus"],
    orderBy: { id: "desc" },
  })) as { paymentStatus: PaymentRow["paymentStatus"] } | null;
  return { state: purchaseStateOf(card.state, payment?.paymentStatus ?? null), ...purchaseView(card) };
}

/**
 * What the buyer is told: a card staff voided after it was paid is not "paid, will be sent" but
 * cancelled; an expired purchase (./expiry.ts) failed when nothing was taken, and is "expired" (to be
 * refunded) when the bank's approval came after it was given up.
 */
function purchaseStateOf(card: GiftCardState, payment: PaymentRow["paymentStatus"] | null): GiftCardPurchase["state"] {
  if (card === "voided") return "voided";
  if (card === "active") return "paid";
  if (card === "expired") return payment === "paid" ? "expired" : "failed";
  if (card === "payment_failed") return "failed";
  return payment === null || payment === "failed" || payment === "voided" ? "failed" : "pending";
}

function purchaseView(card: CardRow): Omit<GiftCardPurchase, "state"> {
  return {
    amount: Number(card.amount),
    design: isDesign(card.design) ? card.design : GIFT_CARD_DESIGNS[0],
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    recipientLocale: isLocale(card.recipientLocale) ? card.recipientLocale : "es",
    message: card.message,
    senderName: card.senderName,
    buyerEmail: card.buyerEmail,
    sendOn: card.sendOn,
    sentAt: card.sentAt === null ? null : new Date(card.sentAt).toISOString(),
  };
}

/**
 * A gateway's verified word on a gift card's payment (called by src/payments/notifications.ts): the
 * payment decided once, as an order's is; a paid one issues the card. The issue is keyed by the
 * payment's reference, so it is asked again on every paid notification (a process that died between
 * deciding and issuing heals on the gateway's next try) and records once; the receipt goes with the
 * one issue that recorded. An approval that cannot issue (the card was voided meanwhile) is money
 * taken: it is noted on the payment for staff.
 */
export async function settleGiftCardPayment(
  strapi: Core.Strapi,
  payment: PaymentRow & { giftCardId: number },
  outcome: PaymentOutcome,
  now: Date,
): Promise<"applied" | "repeated" | "flagged"> {
  const decided = await decidePayment(strapi, payment, outcome, now);
  const current = (await strapi.db
    .query(CONTENT_TYPES.payment)
    .findOne({ where: { id: payment.id }, select: ["paymentStatus"] })) as { paymentStatus: string } | null;
  if (current?.paymentStatus === "failed" || current?.paymentStatus === "voided") {
    // A card whose payment failed is payment_failed, for staff in the shop's page and in the admin
    // panel alike, and is never sent (a new purchase makes a new card): its sealed code is erased
    // rather than kept for nothing. Should the gateway pay it after all, the issue below makes it
    // active and its mail draws a new code. A purchase already expired stays expired.
    await strapi.db.query(CONTENT_TYPES.giftCard).updateMany({
      where: { id: payment.giftCardId, state: "pending_payment" },
      data: { state: "payment_failed", codeSealed: null },
    });
  }
  if (current?.paymentStatus !== "paid") return decided ? "applied" : "repeated";
  const issued = await issueGiftCard(strapi, payment.giftCardId, { paymentKey: payment.reference });
  if (!issued.ok) {
    const note = `Payment ${payment.reference} (${payment.amount} cents) was taken but gift card ${payment.giftCardId} could not be issued (${issued.refusal}): refund it.`;
    await strapi.db.query(CONTENT_TYPES.payment).update({ where: { id: payment.id }, data: { staffNote: note } });
    strapi.log.warn(note);
    return "flagged";
  }
  if (issued.recorded) {
    afterAnswer(strapi, "send the gift card's receipt", () => sendGiftCardReceipt(strapi, payment.giftCardId));
  }
  return decided || issued.recorded ? "applied" : "repeated";
}

/** The sandbox page's view of a gift card's attempt: open while pending and its card not yet issued. */
export async function giftCardSandboxView(
  strapi: Core.Strapi,
  giftCardId: number,
): Promise<{ label: string; locale: Locale; issued: boolean } | null> {
  const card = (await strapi.db
    .query(CONTENT_TYPES.giftCard)
    .findOne({ where: { id: giftCardId }, select: ["id", "state", "buyerLocale"] })) as {
    state: string;
    buyerLocale: string | null;
  } | null;
  if (card === null) return null;
  return {
    label: purchaseLabel(giftCardId),
    locale: toLocale(card.buyerLocale ?? undefined),
    // Voided is a card staff cancelled after it was issued; a declined or expired purchase never was.
    issued: card.state === "active" || card.state === "voided",
  };
}
