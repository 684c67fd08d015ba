import type { Core } from "@strapi/strapi";
import {
  couponDiscount,
  couponRefusal,
  eurosToCents,
  normalizeCouponCode,
  type Cents,
  type Coupon,
  type CouponKind,
  type CouponRefusal,
} from "@shop/domain";
import { OrderError } from "../ordering/errors";
import { newDocumentId, tableOf, type Sql } from "../database/sql";
import { CONTENT_TYPES } from "../content-types";

/**
 * Coupons as staff keep them (api::coupon.coupon: a percentage or euros, a minimum in euros),
 * read as the domain's Coupon (basis points or cents) whose rules (coupons.ts) decide. A use is
 * taken when the order is placed, inside its transaction: a redemption row whose unique key
 * (`coupon id:user id`) keeps it to one per customer, and a conditional UPDATE of `timesUsed` that
 * holds the usage limit when customers race for its last use (docs/decisions/015).
 */

interface CouponRow {
  id: number;
  code: string;
  kind: CouponKind;
  value: number | string;
  validFrom: string | Date | null;
  validUntil: string | Date | null;
  minimumOrder: number | string;
  usageLimit: number | null;
  timesUsed: number;
  active: boolean;
}

/** A coupon of the database: the domain's rules' view, its id and its count of uses. */
export interface StoredCoupon {
  id: number;
  coupon: Coupon;
  timesUsed: number;
}

const dateOrNull = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/**
 * Staff's value as the domain's: 10 (%) as 1000 basis points, 5.5 (euros) as 550 cents. Both are
 * hundredths (of a percent, of a euro), so one exact decimal parse serves both kinds.
 */
export function couponValueOf(value: number | string): number {
  return eurosToCents(value);
}

function toStoredCoupon(row: CouponRow): StoredCoupon {
  return {
    id: row.id,
    timesUsed: row.timesUsed,
    coupon: {
      code: row.code,
      kind: row.kind,
      value: couponValueOf(row.value),
      validFrom: dateOrNull(row.validFrom),
      validUntil: dateOrNull(row.validUntil),
      minimumOrder: eurosToCents(row.minimumOrder),
      usageLimit: row.usageLimit ?? null,
    },
  };
}

/** The active coupon with this code (as a customer typed it), or null. */
export async function findCoupon(strapi: Core.Strapi, code: string): Promise<StoredCoupon | null> {
  const row = (await strapi.db.query(CONTENT_TYPES.coupon).findOne({
    where: { code: normalizeCouponCode(code), active: true },
  })) as CouponRow | null;
  return row ? toStoredCoupon(row) : null;
}

const redemptionKey = (couponId: number, userId: number) => `${couponId}:${userId}`;

/** What a coupon code does to goods worth `goods` now: its discount, or why it gives none. */
export interface CouponOutcome {
  code: string;
  refusal: CouponRefusal | null;
  discount: Cents;
  couponId: number | null;
}

/**
 * Judges a draft's code for `userId` (null: signed out, whose one use per customer is checked once
 * they sign in and place the order).
 */
export async function judgeCoupon(
  strapi: Core.Strapi,
  { code, goods, userId, now }: { code: string; goods: Cents; userId: number | null; now: Date },
): Promise<CouponOutcome> {
  const stored = await findCoupon(strapi, code);
  const usedByCustomer =
    stored !== null &&
    userId !== null &&
    (await strapi.db
      .query(CONTENT_TYPES.couponRedemption)
      .count({ where: { key: redemptionKey(stored.id, userId) } })) > 0;
  const refusal = couponRefusal(stored?.coupon ?? null, {
    now,
    goods,
    usedByCustomer,
    timesUsed: stored?.timesUsed ?? 0,
  });
  return {
    code: stored?.coupon.code ?? normalizeCouponCode(code),
    refusal,
    discount: stored && refusal === null ? couponDiscount(stored.coupon, goods) : 0,
    couponId: stored?.id ?? null,
  };
}

/**
 * Takes one use of a coupon for an order, inside the order's transaction `sql`: 400 already_used when
 * the customer has one, 400 exhausted when the last use went to someone else. Either throw rolls the
 * order back.
 */
export async function takeCouponUse(
  strapi: Core.Strapi,
  sql: Sql,
  { couponId, userId, orderId }: { couponId: number; userId: number; orderId: number },
): Promise<void> {
  const redemptions = tableOf(strapi, CONTENT_TYPES.couponRedemption);
  const now = new Date();
  const inserted = (await sql(redemptions.name)
    .insert({
      [redemptions.column("key")]: redemptionKey(couponId, userId),
      [redemptions.column("documentId")]: newDocumentId(),
      [redemptions.column("couponId")]: couponId,
      [redemptions.column("userId")]: userId,
      [redemptions.column("orderId")]: orderId,
      [redemptions.column("createdAt")]: now,
      [redemptions.column("updatedAt")]: now,
      [redemptions.column("publishedAt")]: now,
    })
    .onConflict(redemptions.column("key"))
    .ignore()
    .returning("id")) as unknown[];
  // Lost to a race (the quote said the coupon was still good): a conflict, as a slot's last place is.
  if (inserted.length !== 1) throw new OrderError("already_used", ["couponCode"], { status: 409 });

  const coupons = tableOf(strapi, CONTENT_TYPES.coupon);
  const timesUsed = coupons.column("timesUsed");
  const usageLimit = coupons.column("usageLimit");
  const taken = await sql(coupons.name)
    .where("id", couponId)
    .andWhere(coupons.column("active"), true)
    .andWhere((limit) => limit.whereNull(usageLimit).orWhere(timesUsed, "<", sql.ref(usageLimit)))
    .update({ [timesUsed]: sql.raw("?? + 1", [timesUsed]), [coupons.column("updatedAt")]: now });
  if (taken !== 1) throw new OrderError("exhausted", ["couponCode"], { status: 409 });
}

/** Gives back the coupon use of an order (its redemption and one of `timesUsed`), inside `sql`. */
export async function releaseCouponUse(strapi: Core.Strapi, sql: Sql, orderId: number): Promise<void> {
  const redemptions = tableOf(strapi, CONTENT_TYPES.couponRedemption);
  const coupons = tableOf(strapi, CONTENT_TYPES.coupon);
  const timesUsed = coupons.column("timesUsed");
  const rows = (await sql(redemptions.name)
    .where(redemptions.column("orderId"), orderId)
    .select("id", { couponId: redemptions.column("couponId") })) as { id: number; couponId: number }[];
  for (const row of rows) {
    // Whoever deletes the redemption gives its use back: never twice.
    const deleted = await sql(redemptions.name).where("id", row.id).delete();
    if (deleted !== 1) continue;
    await sql(coupons.name)
      .where("id", row.couponId)
      .andWhere(timesUsed, ">", 0)
      .update({ [timesUsed]: sql.raw("?? - 1", [timesUsed]), [coupons.column("updatedAt")]: new Date() });
  }
}
