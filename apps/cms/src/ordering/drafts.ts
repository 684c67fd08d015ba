import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import {
  EMPTY_ORDER_DRAFT,
  orderDraftSchema,
  type DeliveryAddress,
  type DraftDelivery,
  type DraftExtra,
  type OrderDraft,
  type OrderDraftAnswer,
  type OrderDraftPatch,
} from "@shop/contracts";
import { MAX_LINE_QUANTITY, zoneForPostcode, type TimeSlot } from "@shop/domain";
import { checkDeliveryChoice, loadZones, rulesForPostcode, type DeliveryRules } from "../delivery/delivery";
import { keyedHash } from "../crypto/keyed-hash";
import { DraftNeedsSignInError, OrderError, OrderNotFoundError } from "./errors";
import { checkDraftProducts, checkDraftSale, draftProductIds, loadOrderProducts } from "./products";
import { appendAddress, listAddresses } from "../accounts/profile";
import { customerAudience, priceDraft } from "./quote";
import { takeAllowance } from "../rate-limits/rate-limits";
import { placesTaken } from "../delivery/slot-places";
import { CONTENT_TYPES } from "../content-types";
import { findCoupon } from "../coupons/coupons";
import { referrerOfCode } from "../referrals/pricing";

/**
 * The new-order draft (docs/decisions/015): kept in the CMS under a random token that the
 * storefront holds in an httpOnly cookie and passes in X-Order-Draft; only the token's keyed hash is
 * stored. Each step's fields are checked against the catalogue, the calendar and the customer when
 * they arrive, so the draft never holds what the order would refuse (the order checks again: prices,
 * dates and stock of places move). A draft that has a customer answers only to that customer.
 */

/** How long a draft is kept after its last change. */
export const DRAFT_TTL_DAYS = 14;

/** What a draft row keeps: the draft, and whether its extras step was passed (choosing none is a choice). */
interface DraftData {
  draft: OrderDraft;
  extrasConfirmed: boolean;
}

interface DraftRow {
  id: number;
  data: unknown;
  userId: number | null;
  expiresAt: string | Date;
  giftCards: unknown;
}

/** A draft found by its token. */
export interface OpenDraft extends DraftData {
  id: number;
  userId: number | null;
  /** The gift cards added to it, as stored (src/gift-cards/redeem.ts reads them): read with the draft. */
  storedGiftCards: unknown;
}

const drafts = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.orderDraft);

const tokenHashOf = (token: string) => keyedHash("shop order drafts", token);

const expiryFrom = (now: Date) => new Date(now.getTime() + DRAFT_TTL_DAYS * 24 * 60 * 60 * 1000);

/** Which steps are done: what the storefront's flow sends a visitor back to. */
function answerOf({ draft, extrasConfirmed }: DraftData): OrderDraftAnswer {
  const box = draft.boxes.length > 0;
  return {
    draft,
    steps: {
      postcode: draft.postcode !== null,
      plan: draft.purchase === "once" || (draft.purchase === "subscription" && draft.frequency !== null),
      box,
      extras: box && extrasConfirmed,
      delivery: draft.delivery !== null,
    },
  };
}

/**
 * A new draft (empty, or filled from an earlier order) and its token, which is answered only now.
 * Counted against the client address's allowance of new drafts: 429 once it is used up.
 */
export async function createDraft(
  strapi: Core.Strapi,
  {
    userId,
    clientAddress,
    data = { draft: EMPTY_ORDER_DRAFT, extrasConfirmed: false },
    now = new Date(),
  }: {
    userId: number | null;
    clientAddress: string;
    data?: DraftData;
    now?: Date;
  },
): Promise<OrderDraftAnswer> {
  await takeAllowance("orderDraftsPerAddress", clientAddress);
  const token = randomBytes(32).toString("hex");
  await drafts(strapi).create({
    data: { tokenHash: tokenHashOf(token), data, userId, expiresAt: expiryFrom(now) },
  });
  return { token, ...answerOf(data) };
}

/**
 * The draft of a token for the caller (`userId` null: signed out): 404 when unknown, expired, or
 * another customer's. A signed-out visitor's draft becomes the customer's once they sign in.
 */
export async function openDraft(
  strapi: Core.Strapi,
  token: string,
  { userId, now = new Date() }: { userId: number | null; now?: Date },
): Promise<OpenDraft> {
  const row = (await drafts(strapi).findOne({ where: { tokenHash: tokenHashOf(token) } })) as DraftRow | null;
  if (!row || new Date(row.expiresAt).getTime() <= now.getTime()) throw new OrderNotFoundError("No such order draft");
  // Signed out, a draft with a customer is not shown: it may hold their address or tax id. Another
  // customer is told it does not exist; the signed-out holder of its token, to sign in again.
  if (row.userId !== null && userId === null) throw new DraftNeedsSignInError("Sign in to go on with this order");
  if (row.userId !== null && row.userId !== userId) throw new OrderNotFoundError("No such order draft");
  const stored = row.data as Partial<DraftData> | null;
  const parsed = orderDraftSchema.safeParse(stored?.draft);
  if (!parsed.success) {
    strapi.log.error(`Order draft ${row.id} does not fit the draft contract any more: it is dropped`);
    await drafts(strapi).delete({ where: { id: row.id } });
    throw new OrderNotFoundError("No such order draft");
  }
  if (row.userId === null && userId !== null) {
    await drafts(strapi).update({ where: { id: row.id }, data: { userId } });
  }
  return {
    id: row.id,
    userId,
    draft: parsed.data,
    extrasConfirmed: stored?.extrasConfirmed === true,
    storedGiftCards: row.giftCards,
  };
}

export async function readDraft(
  strapi: Core.Strapi,
  token: string,
  { userId }: { userId: number | null },
): Promise<OrderDraftAnswer> {
  return answerOf(await openDraft(strapi, token, { userId }));
}

/** The address of a delivery: the customer's address-book entry, or the new one it carries. */
async function deliveryAddressOf(
  strapi: Core.Strapi,
  delivery: DraftDelivery,
  userId: number | null,
): Promise<DeliveryAddress> {
  if (delivery.address !== null) return delivery.address;
  const entry =
    userId === null
      ? undefined
      : (await listAddresses(strapi, userId)).find((address) => address.documentId === delivery.addressId);
  if (!entry) throw new OrderError("unknown_address", ["delivery", "addressId"]);
  const { fullName, company, line1, line2, postalCode, city, region, country, phone } = entry;
  return { fullName, company, line1, line2, postalCode, city, region, country, phone };
}

/** A delivery checked against the zone of the draft's postcode now. */
export interface CheckedDelivery {
  rules: DeliveryRules;
  slot: TimeSlot;
  address: DeliveryAddress;
}

/**
 * Checks a delivery for a draft's postcode at `now`: the date offered, the slot known and not full
 * yet, the address the customer's and inside the zone. 400 with the code and the field's path.
 */
export async function checkDelivery(
  strapi: Core.Strapi,
  { postcode, delivery }: { postcode: string | null; delivery: DraftDelivery },
  { userId, now }: { userId: number | null; now: Date },
): Promise<CheckedDelivery> {
  const rules = postcode === null ? null : await rulesForPostcode(strapi, postcode, now);
  if (!rules) throw new OrderError(postcode === null ? "draft_incomplete" : "not_covered", ["postcode"]);
  const slot = checkDeliveryChoice(rules, delivery, { now, path: ["delivery"] });
  if (slot.capacity !== null) {
    const taken = (await placesTaken(strapi, rules.zone.id, [delivery.date]))[delivery.date]?.[slot.code] ?? 0;
    if (taken >= slot.capacity) throw new OrderError("slot_full", ["delivery", "slot"]);
  }
  const address = await deliveryAddressOf(strapi, delivery, userId);
  if (!zoneForPostcode([rules.zone], address.postalCode)) {
    const path = delivery.address === null ? ["delivery", "addressId"] : ["delivery", "address", "postalCode"];
    throw new OrderError("address_not_covered", path);
  }
  return { rules, slot, address };
}

/**
 * Extras for every delivery mean nothing in a one-off purchase: they become extras of that one
 * delivery (one line per product, quantities added up to the line limit).
 */
function extrasForOnce(extras: readonly DraftExtra[]): DraftExtra[] {
  const merged = new Map<number, DraftExtra>();
  for (const extra of extras) {
    const known = merged.get(extra.productId);
    const quantity = Math.min(MAX_LINE_QUANTITY, (known?.quantity ?? 0) + extra.quantity);
    merged.set(extra.productId, { productId: extra.productId, quantity, frequency: "once" });
  }
  return [...merged.values()];
}

/** The plan's consequences: no frequency and no recurring extras without a subscription. */
function settlePlan(draft: OrderDraft, patch: OrderDraftPatch): OrderDraft {
  if (draft.purchase === "subscription") return draft;
  patch.extras?.forEach((extra, index) => {
    if (extra.frequency === "every_delivery")
      throw new OrderError("needs_subscription", ["extras", index, "frequency"]);
  });
  return { ...draft, frequency: null, extras: extrasForOnce(draft.extras) };
}

/** A new postcode keeps the delivery only if the delivery still fits its zone. */
async function settlePostcode(
  strapi: Core.Strapi,
  draft: OrderDraft,
  { userId, now }: { userId: number | null; now: Date },
): Promise<OrderDraft> {
  if (draft.postcode !== null && !zoneForPostcode(await loadZones(strapi), draft.postcode)) {
    throw new OrderError("not_covered", ["postcode"]);
  }
  if (draft.delivery === null) return draft;
  try {
    await checkDelivery(strapi, { postcode: draft.postcode, delivery: draft.delivery }, { userId, now });
    return draft;
  } catch (error) {
    if (error instanceof OrderError) return { ...draft, delivery: null };
    throw error;
  }
}

/**
 * A code typed in the summary's code field that is no coupon's but a customer's referral code is
 * the draft's referral code (refer-a-friend, issue 23): the customer has one field for codes.
 */
async function withReferralCode(strapi: Core.Strapi, patch: OrderDraftPatch): Promise<OrderDraftPatch> {
  const code = patch.couponCode;
  if (!code || (await findCoupon(strapi, code)) !== null || (await referrerOfCode(strapi, code)) === null) return patch;
  const { couponCode: _typed, ...rest } = patch;
  return { ...rest, referralCode: code };
}

/**
 * Applies one step's fields to the draft: each is checked (400 with the code at its path, the draft
 * unchanged), the plan and the postcode settle what depends on them, and the draft's expiry starts
 * again.
 */
export async function patchDraft(
  strapi: Core.Strapi,
  token: string,
  asked: OrderDraftPatch,
  { userId, now = new Date() }: { userId: number | null; now?: Date },
): Promise<OrderDraftAnswer> {
  const open = await openDraft(strapi, token, { userId, now });
  const patch = await withReferralCode(strapi, asked);
  let draft = settlePlan({ ...open.draft, ...patch }, patch);
  if (patch.postcode !== undefined) draft = await settlePostcode(strapi, draft, { userId, now });
  const products =
    patch.boxes !== undefined || patch.extras !== undefined || patch.delivery
      ? await loadOrderProducts(strapi, draftProductIds(draft))
      : null;
  if (products && (patch.boxes !== undefined || patch.extras !== undefined)) {
    checkDraftProducts(products, draft, await customerAudience(strapi, userId));
  }
  if (patch.delivery)
    await checkDelivery(strapi, { postcode: draft.postcode, delivery: patch.delivery }, { userId, now });
  const zone = draft.postcode === null ? null : zoneForPostcode(await loadZones(strapi), draft.postcode);
  if (products && zone && (patch.boxes !== undefined || patch.delivery)) {
    // A seasonal box chosen for a day out of its season: the box step blames the box, the delivery
    // step the date (docs/decisions/042).
    checkDraftSale(products, draft, {
      zoneId: zone.id,
      date: draft.delivery?.date ?? null,
      ...(patch.delivery && { datePath: ["delivery", "date"] }),
    });
  }
  if (patch.couponCode) {
    const { coupon } = await priceDraft(strapi, draft, { userId, locale: "es", now });
    // A minimum not reached yet is kept: adding goods fixes it, and the quote says so meanwhile.
    if (coupon?.refusal && coupon.refusal !== "minimum_not_reached") {
      throw new OrderError(coupon.refusal, ["couponCode"]);
    }
  }
  if (patch.referralCode && (await referrerOfCode(strapi, patch.referralCode)) === null) {
    throw new OrderError("unknown", ["referralCode"]);
  }
  const data: DraftData = { draft, extrasConfirmed: open.extrasConfirmed || patch.extras !== undefined };
  await drafts(strapi).update({ where: { id: open.id }, data: { data, expiresAt: expiryFrom(now) } });
  return answerOf(data);
}

/**
 * Spends a draft inside the order's transaction (a conditional delete): false when another request
 * spent it first, so one draft places one order.
 */
export async function spendDraft(strapi: Core.Strapi, draftId: number): Promise<boolean> {
  const { count } = (await drafts(strapi).deleteMany({ where: { id: draftId } })) as { count: number };
  return count === 1;
}

/** An address as compared with the book's: letter case, spaces and punctuation aside ("C/ Mayor, 3" is "c/ mayor 3"). */
const addressKey = (address: Omit<DeliveryAddress, "phone">) =>
  [address.fullName, address.company, address.line1, address.line2, address.postalCode, address.city, address.country]
    .map((part) =>
      (part ?? "").normalize("NFC").toLocaleLowerCase("es").replace(/[.,;]/g, " ").replace(/\s+/g, " ").trim(),
    )
    .join("|");

/**
 * A delivery address typed in the order flow, added to the customer's address book once the order
 * is placed, so that the next order (and the account's pages) offer it. Not when the book has it
 * already (the same person at the same place: a new phone number is no new address), nor when the
 * book is full. The order matters more than the book: called after the order's transaction has
 * committed (a failed write there would undo the order, and on PostgreSQL any SQL error aborts the
 * whole transaction), and a failure here is logged as a warning, never thrown; the customer may
 * save the address from their account.
 */
export async function keepInAddressBook(
  strapi: Core.Strapi,
  { userId, address, orderNumber, now }: { userId: number; address: DeliveryAddress; orderNumber: string; now: Date },
): Promise<void> {
  try {
    const book = await listAddresses(strapi, userId);
    const key = addressKey(address);
    if (book.some((saved) => addressKey(saved) === key)) return;
    await appendAddress(strapi, { userId, book, input: { ...address, label: null, notes: null }, now });
  } catch (error) {
    strapi.log.warn(
      `Order ${orderNumber}: its delivery address was not kept in the address book (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** Drafts past their expiry (the hourly clean-up); how many. */
export async function dropExpiredDrafts(strapi: Core.Strapi, now: Date): Promise<number> {
  const { count } = (await drafts(strapi).deleteMany({ where: { expiresAt: { $lte: now } } })) as { count: number };
  return count;
}

/** A new draft for the customer from one of their orders: its plan, postcode, boxes and extras. */
export async function draftFromOrder(
  strapi: Core.Strapi,
  { userId, clientAddress }: { userId: number; clientAddress: string },
  order: Pick<OrderDraft, "postcode" | "purchase" | "frequency" | "boxes" | "extras">,
): Promise<OrderDraftAnswer> {
  const products = await loadOrderProducts(strapi, draftProductIds(order));
  const audience = await customerAudience(strapi, userId);
  // What the catalogue no longer sells to this customer is left out; the box step shows what is left.
  const sells = (lines: Partial<Pick<OrderDraft, "boxes" | "extras">>) => {
    try {
      checkDraftProducts(products, { boxes: [], extras: [], ...lines }, audience);
      return true;
    } catch (error) {
      if (error instanceof OrderError) return false;
      throw error;
    }
  };
  const boxes = order.boxes.filter((box) => sells({ boxes: [box] }));
  const extras = order.extras.filter((extra) => sells({ extras: [extra] }));
  const covered = order.postcode !== null && zoneForPostcode(await loadZones(strapi), order.postcode) !== null;
  const draft: OrderDraft = {
    ...EMPTY_ORDER_DRAFT,
    ...order,
    postcode: covered ? order.postcode : null,
    boxes,
    extras,
  };
  return createDraft(strapi, { userId, clientAddress, data: { draft, extrasConfirmed: boxes.length > 0 } });
}
