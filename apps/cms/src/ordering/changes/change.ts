import { createHash } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type {
  DeliveryAddress,
  OrderChangeBody,
  OrderChangeConfirmBody,
  OrderChangeOptions,
  OrderChangeQuote,
} from "@shop/contracts";
import {
  changeRefundOf,
  cutoffOf,
  eurosToCents,
  isCancellableByCustomer,
  isDeliveryDateOffered,
  normalizeCouponCode,
  offeredDeliveryDates,
  offeredSlots,
  parseOrderNumber,
  purchaseRefusal,
  repriceOrderChange,
  saleRefusal,
  shiftIsoDate,
  shopDateOf,
  zoneForPostcode,
  type Cents,
  type ChangeCoupon,
  type DeliveryZone,
  type IsoDate,
  type OrderStatus,
  type TimeSlot,
} from "@shop/domain";
import { CONTENT_TYPES } from "../../content-types";
import { couponValueOf, releaseCouponUse } from "../../coupons/coupons";
import type { Sql } from "../../database/sql";
import { loadClosedDays, loadZones } from "../../delivery/delivery";
import { placesTaken, releaseSlotPlace, slotKeyOf, takeSlotPlace } from "../../delivery/slot-places";
import { afterAnswer } from "../../http/after-answer";
import { checkChargeable } from "../../payments/attempts";
import type { PaymentProviderId } from "../../payments/provider";
import { OrderError, OrderNotFoundError } from "../errors";
import type { StoredLine } from "../lines";
import { loadOrderProducts } from "../products";
import { askClaimedRefund, claimRefundLocked, type RefundAnswer, type RefundAsk } from "../refunds/refunds";
import { paidPaymentsOf, refundableOf, refundsOfOrder } from "../refunds/store";
import { lockOrderRow, voidPendingAttempts } from "../status";
import { sendOrderChangedMail, type ChangeSummary } from "./mail";

/**
 * A customer changes their own one-off order from its page until its delivery's cut-off
 * (docs/decisions/049), the same instant that ends cancelling it (decision 031): another open day
 * and slot of its zone, the delivery address and notes (a postcode of the same zone only), lower
 * quantities or fewer lines (never more: that needs a new payment). A paid order that loses value is
 * refunded the difference through its gateway (the refunds' claim, decision 031); an unpaid one is
 * only priced again. Every figure comes from here: the page shows a quote, and the change carries the
 * quote's `basis` and figures back, refused with 409 order_changed when either moved meanwhile.
 */

interface ChangeRow {
  id: number;
  documentId: string;
  number: string;
  orderStatus: OrderStatus;
  purchase: "once" | "subscription";
  audience: "consumer" | "business";
  locale: string;
  lines?: (StoredLine & { id?: number; boxKind?: string | null; size?: string | null })[];
  goods: number;
  discount: number;
  shipping: number;
  shippingTax: number | null;
  tax: number;
  total: number;
  couponCode: string | null;
  giftCardsPaid: number | null;
  deliveryDate: string;
  slotCode: string;
  slotStart: string;
  slotEnd: string;
  slotKey: string | null;
  holdsReleasedAt: string | Date | null;
  deliveryAddress: DeliveryAddress;
  notes: string | null;
  zone: { id: number } | null;
}

const ACTOR_KIND = "customer" as const;

async function ownRow(strapi: Core.Strapi, userId: number, number: string): Promise<ChangeRow> {
  const id = parseOrderNumber(number);
  const row =
    id === null
      ? null
      : ((await strapi.documents(CONTENT_TYPES.order as never).findFirst({
          filters: { id, user: { id: userId } } as never,
          populate: { lines: true, zone: { fields: ["id"] } } as never,
        })) as unknown as ChangeRow | null);
  if (row === null) throw new OrderNotFoundError("No such order");
  return row;
}

const dateOf = (row: Pick<ChangeRow, "deliveryDate">): IsoDate => String(row.deliveryDate).slice(0, 10);

/**
 * What the page and the change are judged against: everything a change reads or writes of the order,
 * so that two tabs, or a staff refund between the quote and the change, are told apart.
 */
function basisOf(row: ChangeRow, refundCount: number): string {
  const state = [
    row.orderStatus,
    row.total,
    dateOf(row),
    row.slotCode,
    (row.lines ?? []).map((line) => [line.productId, line.quantity]),
    row.deliveryAddress,
    row.notes ?? "",
    refundCount,
  ];
  return createHash("sha256").update(JSON.stringify(state)).digest("hex").slice(0, 32);
}

interface Window {
  zone: DeliveryZone | null;
  closedDays: Awaited<ReturnType<typeof loadClosedDays>>;
  until: Date | null;
  reason: "past_cutoff" | "not_changeable" | null;
}

/** Whether the order may be changed at `now`: a one-off order a customer may still cancel, before its cut-off. */
async function windowOf(strapi: Core.Strapi, row: ChangeRow, now: Date): Promise<Window> {
  const zone = row.zone === null ? null : ((await loadZones(strapi)).find((each) => each.id === row.zone!.id) ?? null);
  const date = dateOf(row);
  // From a little before the earliest of the order's cut-off and today: closed days before decide nothing.
  const from = [shiftIsoDate(date, -45), shiftIsoDate(shopDateOf(now), -1)].sort()[0]!;
  const closedDays = await loadClosedDays(strapi, from);
  const until = zone === null ? null : cutoffOf(zone, date, closedDays);
  const changeable = row.purchase === "once" && isCancellableByCustomer(row.orderStatus) && zone !== null;
  const reason = !changeable
    ? "not_changeable"
    : until === null || now.getTime() >= until.getTime()
      ? "past_cutoff"
      : null;
  return { zone, closedDays, until, reason };
}

function refuseOutsideWindow(window: Window, row: ChangeRow): asserts window is Window & { zone: DeliveryZone } {
  if (window.reason === "not_changeable" || window.zone === null) {
    throw new OrderError("not_changeable", [], {
      status: 409,
      message: `An order that is ${row.orderStatus} cannot be changed here`,
    });
  }
  if (window.reason === "past_cutoff") {
    throw new OrderError("past_cutoff", [], {
      status: 409,
      message: `Changes to this delivery closed at ${window.until?.toISOString() ?? "its cut-off"}: it is being packed`,
    });
  }
}

/** GET /orders/mine/:number/change: whether it may be changed, until when, and the open days of its zone. */
export async function changeOptionsOf(
  strapi: Core.Strapi,
  { userId, number, now }: { userId: number; number: string; now: Date },
): Promise<OrderChangeOptions> {
  const row = await ownRow(strapi, userId, number);
  const window = await windowOf(strapi, row, now);
  const basis = basisOf(row, (await refundsOfOrder(strapi, row.id)).length);
  const base = {
    possible: window.reason === null,
    until: window.until?.toISOString() ?? null,
    reason: window.reason,
    basis,
  };
  if (window.reason !== null || window.zone === null) return { ...base, days: [] };
  const zone = window.zone;
  const onSale = await saleCheckOf(strapi, row.lines ?? [], { zoneId: zone.id, purchase: row.purchase });
  const dates = offeredDeliveryDates(zone, { now, closedDays: window.closedDays }).filter(
    (date) => date === dateOf(row) || onSale(date) === null,
  );
  const taken = await placesTaken(strapi, zone.id, dates);
  const days = dates
    .map((date) => {
      const own = date === dateOf(row);
      // The order's own place counts as free for it: it keeps it by not moving.
      const takenHere = { ...(taken[date] ?? {}) };
      if (own && takenHere[row.slotCode] !== undefined)
        takenHere[row.slotCode] = Math.max(0, takenHere[row.slotCode]! - 1);
      return {
        date,
        cutoff: cutoffOf(zone, date, window.closedDays).toISOString(),
        slots: offeredSlots(zone, takenHere).map(({ code, start, end, remaining }) => ({
          code,
          start,
          end,
          remaining,
        })),
      };
    })
    .filter((day) => day.slots.length > 0);
  return { ...base, days };
}

/**
 * Whether every line of the order may be delivered on a date: a seasonal box is sold only within its
 * days and zones (@shop/domain sale-season, docs/decisions/042), as the order flow checks when it is
 * bought. The first line that may not, with why; null when all may. A product no longer in the
 * catalogue is not judged: it was sold, and the change does not sell it again.
 */
async function saleCheckOf(
  strapi: Core.Strapi,
  lines: readonly Pick<StoredLine, "productId" | "name">[],
  { zoneId, purchase }: { zoneId: number; purchase: ChangeRow["purchase"] },
): Promise<(date: IsoDate) => { name: string; refusal: string } | null> {
  const products = await loadOrderProducts(
    strapi,
    lines.map((line) => line.productId),
  );
  return (date) => {
    for (const line of lines) {
      const product = products.get(line.productId);
      if (product === undefined) continue;
      const refusal = purchaseRefusal(product, purchase) ?? saleRefusal(product, { zoneId, date });
      if (refusal !== null) return { name: line.name, refusal };
    }
    return null;
  };
}

/** The coupon the order used, as its rules were (even if staff switched it off since); null without one. */
async function couponOfOrder(strapi: Core.Strapi, code: string | null): Promise<ChangeCoupon | null> {
  if (code === null) return null;
  const row = (await strapi.db.query(CONTENT_TYPES.coupon).findOne({
    where: { code: normalizeCouponCode(code) },
    select: ["kind", "value", "minimumOrder"],
  })) as { kind: ChangeCoupon["kind"]; value: number | string; minimumOrder: number | string } | null;
  if (row === null) return null;
  return { kind: row.kind, value: couponValueOf(row.value), minimumOrder: eurosToCents(row.minimumOrder) };
}

/** The payment that paid the order and what is left of it; none for an unpaid order. */
async function paymentOf(
  strapi: Core.Strapi,
  row: ChangeRow,
): Promise<{ refundable: Cents; method: PaymentProviderId | null }> {
  if (row.orderStatus !== "paid") return { refundable: 0, method: null };
  const [payment] = await paidPaymentsOf(strapi, row.id);
  if (payment === undefined || payment.staffNote !== null) return { refundable: 0, method: null };
  return { refundable: await refundableOf(strapi, payment), method: payment.provider };
}

/** A change worked out: the quote the page shows, and what writing it takes. */
interface PlannedChange {
  quote: OrderChangeQuote;
  row: ChangeRow;
  zone: DeliveryZone;
  newSlot: TimeSlot | null;
  newDate: IsoDate;
  lines: NonNullable<ChangeRow["lines"]>;
  address: DeliveryAddress;
  notes: string | null;
  totals: { goods: Cents; discount: Cents; shipping: Cents; shippingTax: Cents; tax: Cents; total: Cents };
  couponLost: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function newDelivery(
  row: ChangeRow,
  window: Window & { zone: DeliveryZone },
  asked: OrderChangeBody["delivery"],
  now: Date,
): { date: IsoDate; slot: TimeSlot | null } {
  if (asked === undefined || (asked.date === dateOf(row) && asked.slot === row.slotCode)) {
    return { date: dateOf(row), slot: null };
  }
  const { zone, closedDays } = window;
  if (!isDeliveryDateOffered(zone, asked.date, { now, closedDays })) {
    throw new OrderError("date_not_offered", ["delivery", "date"], {
      message: "That day is not open for this order's area (not a delivery day, closed, or past its cut-off)",
    });
  }
  const slot = zone.slots.find((each) => each.code === asked.slot);
  if (!slot) throw new OrderError("slot_unknown", ["delivery", "slot"], { message: "No such delivery slot" });
  return { date: asked.date, slot };
}

function newAddress(row: ChangeRow, zone: DeliveryZone, asked: OrderChangeBody["address"]): DeliveryAddress {
  if (asked === undefined) return row.deliveryAddress;
  if (zoneForPostcode([zone], asked.postalCode) === null) {
    throw new OrderError("postcode_other_zone", ["address", "postalCode"], {
      message:
        "This postcode is delivered by another area, at another delivery price: cancel this order and place a new one for it",
    });
  }
  return { ...row.deliveryAddress, ...asked };
}

function newLines(row: ChangeRow, asked: OrderChangeBody["lines"]) {
  const lines = row.lines ?? [];
  const quantities = lines.map((line) => line.quantity);
  for (const [position, { index, quantity }] of (asked ?? []).entries()) {
    if (index >= lines.length) {
      throw new OrderError("quantity_raised", ["lines", position, "index"], { message: "The order has no such line" });
    }
    if (quantity > lines[index]!.quantity) {
      throw new OrderError("quantity_raised", ["lines", position, "quantity"], {
        message: "A change can only lower quantities: for more, place a new order (it needs its own payment)",
      });
    }
    quantities[index] = quantity;
  }
  if (quantities.every((quantity) => quantity === 0)) {
    throw new OrderError("use_cancel", ["lines"], {
      message: "With no lines left this is a cancellation: cancel the order instead",
      status: 409,
    });
  }
  return { lines, quantities };
}

async function planChange(
  strapi: Core.Strapi,
  { row, body, now }: { row: ChangeRow; body: OrderChangeBody; now: Date },
): Promise<PlannedChange> {
  const window = await windowOf(strapi, row, now);
  refuseOutsideWindow(window, row);
  const { zone } = window;
  const delivery = newDelivery(row, window, body.delivery, now);
  const address = newAddress(row, zone, body.address);
  const notes = body.notes === undefined ? row.notes : body.notes === "" ? null : body.notes;
  const { lines, quantities } = newLines(row, body.lines);
  const linesChanged = quantities.some((quantity, index) => quantity !== lines[index]!.quantity);
  if (linesChanged && Number(row.giftCardsPaid ?? 0) > 0) {
    throw new OrderError("paid_with_gift_card", ["lines"], {
      status: 409,
      message: "This order was paid partly with gift cards: to lower it, cancel it and order again",
    });
  }
  const kept = lines.flatMap((line, index) =>
    quantities[index]! > 0 ? [{ ...line, quantity: quantities[index]! }] : [],
  );
  if (delivery.slot !== null && delivery.date !== dateOf(row)) {
    const onSale = await saleCheckOf(strapi, kept, { zoneId: zone.id, purchase: row.purchase });
    const refused = onSale(delivery.date);
    if (refused !== null) {
      throw new OrderError("out_of_season", ["delivery", "date"], {
        message: `${refused.name} is not sold for that day (${refused.refusal}): choose another day`,
      });
    }
  }
  const repriced = repriceOrderChange({
    lines: kept.map((line) => ({ unitPrice: line.unitPrice, taxRate: Number(line.taxRate), quantity: line.quantity })),
    audience: row.audience,
    before: { goods: row.goods, discount: row.discount, shipping: row.shipping, hadCoupon: row.couponCode !== null },
    coupon: await couponOfOrder(strapi, row.couponCode),
    zone,
  });
  const totals = linesChanged
    ? repriced.totals
    : {
        goods: row.goods,
        discount: row.discount,
        shipping: row.shipping,
        shippingTax: Number(row.shippingTax ?? 0),
        tax: row.tax,
        total: row.total,
      };
  if (linesChanged && totals.total > row.total) {
    throw new OrderError("costs_more", ["lines"], {
      status: 409,
      message: `Lowering these lines would lose ${repriced.couponLost ? "the coupon" : "free delivery"} and cost more than was paid: keep them, or cancel and order again`,
    });
  }
  const { refundable, method } = await paymentOf(strapi, row);
  const refund = linesChanged ? changeRefundOf({ newTotal: totals.total, refundable }) : 0;
  if (refund > 0 && refund >= refundable) {
    // Giving back the whole payment settles the order as refunded (decision 031): that is a cancellation.
    throw new OrderError("use_cancel", ["lines"], {
      status: 409,
      message: "This change would give back the whole payment: cancel the order instead",
    });
  }
  const addressChanged = !same(address, row.deliveryAddress);
  const notesChanged = (notes ?? "") !== (row.notes ?? "");
  if (!linesChanged && delivery.slot === null && !addressChanged && !notesChanged) {
    throw new OrderError("nothing_changed", [], { message: "The change asks for nothing new" });
  }
  const slotOf = (code: string, start: string, end: string) => ({ code, start, end });
  const basis = basisOf(row, (await refundsOfOrder(strapi, row.id)).length);
  const money = (t: Pick<typeof totals, "goods" | "discount" | "shipping" | "tax" | "total">) => ({
    goods: t.goods,
    discount: t.discount,
    shipping: t.shipping,
    tax: t.tax,
    total: t.total,
  });
  const keptLines = kept.map((line, index) => {
    if (!linesChanged) return line;
    const priced = repriced.totals.lines[index]!;
    return { ...line, gross: priced.gross + priced.discount, tax: priced.tax, discount: priced.discount };
  });
  return {
    row,
    zone,
    newSlot: delivery.slot,
    newDate: delivery.date,
    lines: keptLines,
    address,
    notes,
    totals: linesChanged ? repriced.totals : { ...totals },
    couponLost: linesChanged && repriced.couponLost,
    quote: {
      basis,
      delivery:
        delivery.slot === null
          ? null
          : {
              from: { date: dateOf(row), slot: slotOf(row.slotCode, row.slotStart, row.slotEnd) },
              to: { date: delivery.date, slot: slotOf(delivery.slot.code, delivery.slot.start, delivery.slot.end) },
            },
      addressChanged,
      notesChanged,
      lines: lines.flatMap((line, index) =>
        quantities[index] === line.quantity
          ? []
          : [{ index, name: line.name, from: line.quantity, to: quantities[index]! }],
      ),
      before: money(row),
      after: money(totals),
      couponLost: linesChanged && repriced.couponLost,
      freeShippingLost: linesChanged && repriced.freeShippingLost,
      refund,
      method: refund > 0 ? method : null,
    },
  };
}

/** POST /orders/mine/:number/change/quote: what the change would do; refusals as the change's. */
export async function quoteOwnOrderChange(
  strapi: Core.Strapi,
  { userId, number, body, now }: { userId: number; number: string; body: OrderChangeBody; now: Date },
): Promise<OrderChangeQuote> {
  const row = await ownRow(strapi, userId, number);
  const plan = await planChange(strapi, { row, body, now });
  await refuseWhilePaying(strapi, plan);
  return plan.quote;
}

/**
 * An unpaid order lowered while one of its payment attempts is open at the gateway: that attempt
 * asks for the old, higher amount, and its notification would mark the order paid with the
 * difference taken (docs/decisions/049). Refused (409 payment_pending) until the customer finishes
 * or cancels it; checked again under the order's lock, which starting an attempt takes too.
 */
async function refuseWhilePaying(strapi: Core.Strapi, plan: PlannedChange): Promise<void> {
  const { row, quote } = plan;
  if (row.orderStatus === "paid" || quote.after.total === quote.before.total) return;
  const pending = await strapi.db
    .query(CONTENT_TYPES.payment)
    .count({ where: { order: { id: row.id }, paymentStatus: "pending" } });
  if (pending > 0) {
    throw new OrderError("payment_pending", [], {
      status: 409,
      message: "A payment of this order is under way for its old amount: finish or cancel the payment first",
    });
  }
}

/** The order's row fields a change writes, from a plan (or, to undo it, from the row as it was). */
function rowData(plan: {
  date: IsoDate;
  slot: { code: string; start: string; end: string };
  zoneId: number;
  totals: PlannedChange["totals"];
  address: DeliveryAddress;
  notes: string | null;
  couponCode: string | null;
}) {
  return {
    deliveryDate: plan.date,
    slotCode: plan.slot.code,
    slotStart: plan.slot.start,
    slotEnd: plan.slot.end,
    slotKey: slotKeyOf(plan.zoneId, plan.date, plan.slot.code),
    goods: plan.totals.goods,
    discount: plan.totals.discount,
    shipping: plan.totals.shipping,
    shippingTax: plan.totals.shippingTax,
    tax: plan.totals.tax,
    total: plan.totals.total,
    deliveryAddress: plan.address,
    postcode: plan.address.postalCode,
    notes: plan.notes,
    couponCode: plan.couponCode,
  };
}

const lineData = (line: NonNullable<ChangeRow["lines"]>[number]) => {
  const { id: _id, ...rest } = line as typeof line & { id?: number; __component?: string };
  return { ...rest, taxRate: Number(line.taxRate) };
};

/** A line of the history: who changed what, from what to what. */
function historyNote(plan: PlannedChange, key: string): string {
  const { quote, row } = plan;
  const parts = [
    ...(quote.delivery
      ? [
          `delivery ${quote.delivery.from.date} ${quote.delivery.from.slot.code} → ${quote.delivery.to.date} ${quote.delivery.to.slot.code}`,
        ]
      : []),
    ...quote.lines.map((line) => `${line.name} ×${line.from} → ×${line.to}`),
    ...(quote.addressChanged
      ? [
          `address ${row.deliveryAddress.line1}, ${row.deliveryAddress.postalCode} → ${plan.address.line1}, ${plan.address.postalCode}`,
        ]
      : []),
    ...(quote.notesChanged ? [`notes "${row.notes ?? ""}" → "${plan.notes ?? ""}"`] : []),
    ...(quote.before.total === quote.after.total ? [] : [`total ${quote.before.total} → ${quote.after.total} cents`]),
    ...(quote.couponLost ? ["coupon lost (below its minimum)"] : []),
  ];
  return `Changed by the customer (${key}): ${parts.join("; ")}`.slice(0, 1000);
}

/**
 * Writes the change under the order's row lock, if the order is still as quoted and its cut-off has
 * not passed meanwhile (judged again at `clock()`: a change posted just before the cut-off and
 * written after it is refused): the new slot place taken (409 slot_full when the last one went
 * meanwhile) and the old one freed, the lines, totals, delivery and address, the history entry, and
 * the refund it owes claimed as pending (decision 031) in the same transaction, so that a
 * cancellation or staff's refund after it counts that refund as given. Null when the order changed
 * since the quote.
 */
async function writeChange(
  strapi: Core.Strapi,
  plan: PlannedChange,
  {
    basis,
    key,
    label,
    now,
    clock,
    refund,
  }: { basis: string; key: string; label: string; now: Date; clock: () => Date; refund: RefundAsk | null },
): Promise<{ claimed: RefundAnswer | null } | null> {
  const { row } = plan;
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockOrderRow(strapi, trx, row.id);
    const current = (await strapi.documents(CONTENT_TYPES.order as never).findFirst({
      filters: { id: row.id } as never,
      populate: { lines: true, zone: { fields: ["id"] } } as never,
    })) as unknown as ChangeRow | null;
    if (current === null || basisOf(current, (await refundsOfOrder(strapi, row.id)).length) !== basis) return null;
    // The same cut-off as the quote's, at the instant of writing (never before the request's own).
    const at = new Date(Math.max(now.getTime(), clock().getTime()));
    refuseOutsideWindow(await windowOf(strapi, current, at), current);
    await refuseWhilePaying(strapi, plan);
    if (plan.newSlot !== null) {
      const took = await takeSlotPlace(strapi, trx, {
        zoneId: plan.zone.id,
        date: plan.newDate,
        slotCode: plan.newSlot.code,
        capacity: plan.newSlot.capacity,
      });
      if (!took) {
        throw new OrderError("slot_full", ["delivery", "slot"], {
          status: 409,
          message: "The last place of that slot has just been taken: choose another day or slot",
        });
      }
      if (current.slotKey && current.holdsReleasedAt === null) await releaseSlotPlace(strapi, trx, current.slotKey);
    }
    const slot = plan.newSlot ?? { code: row.slotCode, start: row.slotStart, end: row.slotEnd };
    await strapi.documents(CONTENT_TYPES.order as never).update({
      documentId: row.documentId,
      data: {
        ...rowData({
          date: plan.newDate,
          slot,
          zoneId: plan.zone.id,
          totals: plan.totals,
          address: plan.address,
          notes: plan.notes,
          couponCode: plan.couponLost ? null : row.couponCode,
        }),
        lines: plan.lines.map(lineData),
      } as never,
    });
    await strapi.db.query(CONTENT_TYPES.orderEvent).create({
      data: {
        order: row.id,
        at: now,
        from: row.orderStatus,
        to: row.orderStatus,
        actorKind: ACTOR_KIND,
        actorLabel: label,
        note: historyNote(plan, key),
      },
    });
    // Refused (exceeds_refundable, not_refundable): the whole change is not written.
    return { claimed: refund === null ? null : await claimRefundLocked(strapi, refund, now) };
  });
}

/** The lines as a change leaves them, to tell whether the order is still as it left it. */
const linesKey = (lines: readonly Pick<StoredLine, "productId" | "quantity">[]) =>
  JSON.stringify(lines.map((line) => [line.productId, line.quantity]));

/**
 * A refund the change owes that the shop could not confirm was given: the change stays, the order's
 * history says what is owed (staff read it there, and the refund row in the order's refunds), and
 * the log tells staff at once, as a payment taken for a cancelled order is told (src/payments/notifications.ts).
 */
async function recordRefundOwed(
  strapi: Core.Strapi,
  plan: PlannedChange,
  { key, label, why }: { key: string; label: string; why: string },
): Promise<void> {
  const note = `Refund owed: change ${key} lowered the order and was kept, but its refund of ${plan.quote.refund} cents (${plan.quote.method ?? "gateway"}) could not be confirmed (${why}). Staff: check refund ${key} in the order's refunds and give it by hand if the gateway has not.`;
  strapi.log.error(`Order ${plan.row.number}: ${note}`);
  try {
    const order = (await strapi.db
      .query(CONTENT_TYPES.order)
      .findOne({ where: { id: plan.row.id }, select: ["orderStatus"] })) as { orderStatus: OrderStatus } | null;
    const status = order?.orderStatus ?? plan.row.orderStatus;
    await strapi.db.query(CONTENT_TYPES.orderEvent).create({
      data: {
        order: plan.row.id,
        at: new Date(),
        from: status,
        to: status,
        actorKind: "system",
        actorLabel: label,
        note: note.slice(0, 1000),
      },
    });
  } catch (error) {
    // The database that failed the refund may fail this too: the log line above is then staff's word.
    strapi.log.error(`Order ${plan.row.number}: the owed refund ${key} could not be noted: ${String(error)}`);
  }
}

/**
 * Puts the order back as it was before a change whose refund the gateway did not give (no money
 * moved): the page then says nothing changed, and nothing did. Only if the order is still exactly as
 * the change left it (re-read under its row lock): a cancellation or staff's refund in between
 * settled it already, freeing the change's place, and moving places or lines back then would free
 * that place twice and write old lines onto a cancelled order; the change is then kept, and the
 * refund it could not give is noted as owed. The new place goes back; the old one is taken again
 * beyond its capacity (it was this order's a moment ago), its capacity kept. True when undone.
 */
async function undoChange(
  strapi: Core.Strapi,
  plan: PlannedChange,
  { key, label }: { key: string; label: string },
): Promise<boolean> {
  const { row } = plan;
  const undone = await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockOrderRow(strapi, trx, row.id);
    const current = (await strapi.documents(CONTENT_TYPES.order as never).findFirst({
      filters: { id: row.id } as never,
      populate: { lines: true } as never,
    })) as unknown as ChangeRow | null;
    const slotCode = plan.newSlot?.code ?? row.slotCode;
    const asLeft =
      current !== null &&
      current.orderStatus === row.orderStatus &&
      current.holdsReleasedAt === null &&
      dateOf(current) === plan.newDate &&
      current.slotCode === slotCode &&
      linesKey(current.lines ?? []) === linesKey(plan.lines);
    if (!asLeft) return false;
    if (plan.newSlot !== null) {
      await releaseSlotPlace(strapi, trx, slotKeyOf(plan.zone.id, plan.newDate, plan.newSlot.code));
      const oldSlot = plan.zone.slots.find((each) => each.code === row.slotCode);
      await takeSlotPlace(strapi, trx, {
        zoneId: plan.zone.id,
        date: dateOf(row),
        slotCode: row.slotCode,
        capacity: oldSlot?.capacity ?? null,
        beyondCapacity: true,
      });
    }
    await strapi.documents(CONTENT_TYPES.order as never).update({
      documentId: row.documentId,
      data: {
        ...rowData({
          date: dateOf(row),
          slot: { code: row.slotCode, start: row.slotStart, end: row.slotEnd },
          zoneId: plan.zone.id,
          totals: { ...row, shippingTax: Number(row.shippingTax ?? 0) },
          address: row.deliveryAddress,
          notes: row.notes,
          couponCode: row.couponCode,
        }),
        lines: (row.lines ?? []).map(lineData),
      } as never,
    });
    await strapi.db.query(CONTENT_TYPES.orderEvent).create({
      data: {
        order: row.id,
        at: new Date(),
        from: row.orderStatus,
        to: row.orderStatus,
        actorKind: ACTOR_KIND,
        actorLabel: label,
        note: `Change ${key} undone: the gateway did not give the refund`,
      },
    });
    return true;
  });
  if (!undone) {
    await recordRefundOwed(strapi, plan, {
      key,
      label,
      why: "the gateway did not give it, and the order had moved on (cancelled or refunded) before the change could be undone",
    });
  }
  return undone;
}

/** The refund's refusals that mean no money moved: the change is undone (decision 031's codes). */
const NO_MONEY_MOVED: ReadonlySet<string> = new Set([
  "refund_refused",
  "refund_unavailable",
  "exceeds_refundable",
  "not_refundable",
] as const satisfies readonly string[]);

/** What a change did with its money: refunded by the gateway, or owed (kept, staff told). */
export interface ChangeOutcome {
  refunded: Cents;
  /** A refund the change owes that the shop could not confirm: staff see it in the order's history. */
  refundOwed: Cents;
  method: PaymentProviderId | null;
}

/**
 * POST /orders/mine/:number/change. 404 for an order that is not the caller's; 409 past_cutoff,
 * not_changeable, order_changed (not as quoted), slot_full, use_cancel, costs_more,
 * paid_with_gift_card, payment_pending; 400 for a day, slot, postcode or quantity that cannot be, or
 * a day a line is not sold for (out_of_season); the refund's own refusals, in which case the order is
 * put back as it was. An error after the gateway was asked keeps the change, with the refund noted
 * as owed (`refundOwed`). The customer is mailed what changed. `clock` reads the time under the
 * order's lock (the cut-off judged again there).
 */
export async function changeOwnOrder(
  strapi: Core.Strapi,
  {
    userId,
    number,
    body,
    now,
    clock = () => new Date(),
  }: { userId: number; number: string; body: OrderChangeConfirmBody; now: Date; clock?: () => Date },
): Promise<ChangeOutcome> {
  const row = await ownRow(strapi, userId, number);
  const { basis, expectedTotal, expectedRefund, ...asked } = body;
  if (basis !== basisOf(row, (await refundsOfOrder(strapi, row.id)).length)) {
    // The window's refusals come first: past the cut-off it is that, whatever the quote said.
    refuseOutsideWindow(await windowOf(strapi, row, now), row);
    throw new OrderError("order_changed", [], {
      status: 409,
      message: "The order changed since the change was shown: look at it again",
    });
  }
  const plan = await planChange(strapi, { row, body: asked, now });
  const { quote } = plan;
  if (quote.basis !== basis || quote.after.total !== expectedTotal || quote.refund !== expectedRefund) {
    throw new OrderError("order_changed", [], {
      status: 409,
      message: `The order or its price changed since the change was shown (now ${quote.after.total} cents, ${quote.refund} back): look at it again`,
    });
  }
  if (row.orderStatus !== "paid" && quote.after.total !== row.total) checkChargeable(quote.after.total);
  // Each change of the order is its own refund; the count of earlier ones makes the key, so a double
  // submit of the same change is the same refund (and then refused as order_changed).
  const earlier = (await refundsOfOrder(strapi, row.id)).filter((refund) =>
    refund.key.startsWith(`change-${row.id}-`),
  ).length;
  const key = `change-${row.id}-${earlier}`;
  const label = `customer:${userId}`;
  const ask: RefundAsk | null =
    quote.refund > 0
      ? {
          orderId: row.id,
          amount: quote.refund,
          reason: "Lowered by the customer before the cut-off",
          key,
          actor: { origin: "customer", label },
          settleAs: "refunded",
        }
      : null;
  const written = await writeChange(strapi, plan, { basis, key, label, now, clock, refund: ask });
  if (written === null) {
    throw new OrderError("order_changed", [], {
      status: 409,
      message: "The order changed meanwhile: look at it again",
    });
  }
  if (row.orderStatus !== "paid" && quote.after.total !== row.total) {
    // An attempt opened for the old amount must not be paid: a new one asks for the new total.
    await voidPendingAttempts(strapi, row.id);
  }
  let refundOwed: Cents = 0;
  // A claim answered as a refund of the same key already made is not asked of the gateway twice.
  if (ask !== null && written.claimed !== null && !written.claimed.replayed) {
    try {
      await askClaimedRefund(strapi, written.claimed, ask);
    } catch (error) {
      if (error instanceof OrderError && NO_MONEY_MOVED.has(error.code)) {
        await undoChange(strapi, plan, { key, label });
        throw error;
      }
      // After the gateway was asked (its answer, the order's settlement or the database failed): the
      // money may have gone back, so the change stays and the refund is owed, never undone silently.
      await recordRefundOwed(strapi, plan, { key, label, why: error instanceof Error ? error.message : String(error) });
      refundOwed = quote.refund;
    }
  }
  // Once the money came back (or is owed): a change undone keeps the coupon's use with the order.
  if (plan.couponLost) {
    await strapi.db.transaction(({ trx }: { trx: Sql }) => releaseCouponUse(strapi, trx, row.id));
  }
  const refunded = quote.refund - refundOwed;
  const summary: ChangeSummary = {
    delivery: quote.delivery?.to ?? null,
    lines: quote.lines,
    addressChanged: quote.addressChanged || quote.notesChanged,
    total: quote.after.total,
    refund: refunded,
    method: quote.method,
  };
  afterAnswer(strapi, `mail the change of order ${row.number}`, () => sendOrderChangedMail(strapi, row.id, summary));
  return { refunded, refundOwed, method: quote.method };
}
