import type { Core } from "@strapi/strapi";
import { errors } from "@strapi/utils";
import {
  InvalidPostcodeRangesError,
  isOrderStatus,
  mayChangeStatus,
  nextStatusesFor,
  normalizeCouponCode,
  parsePostcodeRanges,
  type OrderStatus,
} from "@shop/domain";
import { afterAnswer } from "../http/after-answer";
import { clockOf } from "../delivery/delivery";
import { changeOrderStatus } from "./status";
import { sendOrderMail } from "../email/order-mails";
import { tableOf } from "../database/sql";
import { CONTENT_TYPES } from "../content-types";

/**
 * What staff may do in the admin panel with the ordering content types, checked where every edit
 * passes (a document-service middleware), so a wrong value is refused with a message staff can act
 * on instead of breaking the shop later: postcodes that do not parse, slots that end before they
 * start, a coupon of 150 %. Orders are the shop's record: staff change only their status, along the
 * steps the domain allows them, and the change goes to the order's history under their e-mail. The
 * history, payments and gateways' notifications (the sandbox's own records too) they only read.
 * Refusals are Strapi's ApplicationError: the panel shows their message, and Strapi answers 400
 * without logging them as the server's errors.
 */

interface DocumentContext {
  uid: string;
  action: string;
  params: { documentId?: string; data?: Record<string, unknown> };
}

type Next = () => Promise<unknown>;

interface RequestState {
  state?: { user?: { email?: string }; auth?: { strategy?: { name?: string } } };
}

/** The admin user making the request, or null when the edit does not come from the admin panel. */
function staffOf(strapi: Core.Strapi): { email: string } | null {
  const ctx = strapi.requestContext.get() as RequestState | undefined;
  if (ctx?.state?.auth?.strategy?.name !== "admin") return null;
  return { email: ctx.state.user?.email ?? "staff" };
}

// ---- Delivery zones --------------------------------------------------------------------------------

interface SlotInput {
  code?: unknown;
  start?: unknown;
  end?: unknown;
}

function checkZone(data: Record<string, unknown>): void {
  if (typeof data.postcodes === "string") {
    try {
      if (parsePostcodeRanges(data.postcodes).length === 0)
        throw new errors.ApplicationError("List at least one postcode.");
    } catch (error) {
      if (error instanceof InvalidPostcodeRangesError) {
        throw new errors.ApplicationError(
          `Postcodes: "${error.token}" is not a postcode or a range (08001 or 08001-08099).`,
        );
      }
      throw error;
    }
  }
  if (Array.isArray(data.slots)) {
    const codes = new Set<string>();
    for (const slot of data.slots as SlotInput[]) {
      const code = String(slot.code ?? "");
      if (codes.has(code)) throw new errors.ApplicationError(`Two slots share the code "${code}": each needs its own.`);
      codes.add(code);
      if (typeof slot.start === "string" && typeof slot.end === "string" && clockOf(slot.start) >= clockOf(slot.end)) {
        throw new errors.ApplicationError(`Slot "${code}" must end after it starts.`);
      }
    }
  }
}

// ---- Coupons -------------------------------------------------------------------------------------

function checkCoupon(data: Record<string, unknown>, action: string): void {
  if (typeof data.code === "string") data.code = normalizeCouponCode(data.code);
  // Counted by the shop as orders take and give back uses: never typed in.
  if (action === "create") data.timesUsed = 0;
  else delete data.timesUsed;
  const value = data.value === undefined || data.value === null ? null : Number(data.value);
  if (value !== null && !(value > 0)) throw new errors.ApplicationError("The value must be more than 0.");
  if (value !== null && data.kind === "percentage" && value > 100) {
    throw new errors.ApplicationError("A percentage cannot be more than 100.");
  }
  if (typeof data.validFrom === "string" && typeof data.validUntil === "string") {
    if (new Date(data.validFrom).getTime() >= new Date(data.validUntil).getTime()) {
      throw new errors.ApplicationError("The coupon must end after it starts.");
    }
  }
}

// ---- Orders --------------------------------------------------------------------------------------

/** Staff's save of an order: only its status changes, through changeOrderStatus and its history. */
async function changeStatusByStaff(
  strapi: Core.Strapi,
  params: DocumentContext["params"],
  staff: { email: string },
): Promise<void> {
  const wanted = params.data?.orderStatus;
  params.data = {};
  const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { documentId: params.documentId },
    select: ["id", "orderStatus"],
  })) as { id: number; orderStatus: OrderStatus } | null;
  if (!order || wanted === undefined || wanted === order.orderStatus) return;
  if (!isOrderStatus(wanted) || !mayChangeStatus("staff", order.orderStatus, wanted)) {
    const choices = nextStatusesFor("staff", order.orderStatus);
    throw new errors.ApplicationError(
      `An order that is ${order.orderStatus} cannot become ${String(wanted)}. ${
        choices.length > 0 ? `It can become: ${choices.join(", ")}.` : "It cannot change any more."
      }`,
    );
  }
  const moved = await changeOrderStatus(strapi, {
    orderId: order.id,
    from: order.orderStatus,
    to: wanted,
    actor: { kind: "staff", label: staff.email },
  });
  if (!moved)
    throw new errors.ApplicationError("The order changed meanwhile (a payment, another member of staff): reload it.");
  // Only staff ship an order (the domain's rules): the customer hears of it in their language.
  if (wanted === "shipped")
    afterAnswer(strapi, "send the shipped mail", () => sendOrderMail(strapi, "shipped", order.id));
}

async function guardOrder(strapi: Core.Strapi, context: DocumentContext, next: Next): Promise<unknown> {
  const staff = staffOf(strapi);
  if (staff === null) return next();
  if (context.action === "create" || context.action === "clone") {
    throw new errors.ApplicationError("Orders are placed by customers in the shop; they cannot be created here.");
  }
  if (context.action === "delete") {
    throw new errors.ApplicationError("Orders are kept as the shop's record: cancel or refund the order instead.");
  }
  if (context.action === "update") await changeStatusByStaff(strapi, context.params, staff);
  return next();
}

const WRITES = new Set(["create", "update", "clone"]);
const READS = new Set(["findOne", "findFirst", "findMany", "count"]);

/**
 * What the shop alone writes, staff only read: an order's history, and what the gateways said
 * (payments and their notifications), which must stay as they were to settle a dispute with a bank.
 */
const SHOP_RECORDS: Readonly<Record<string, string>> = {
  [CONTENT_TYPES.orderEvent]: "An order's history is written by the shop: change the order's status instead.",
  [CONTENT_TYPES.payment]:
    "Payments are recorded by the shop as their gateway decided them: they cannot be created, changed or deleted here. Cancel or refund the order instead.",
  [CONTENT_TYPES.paymentNotification]:
    "Gateways' notifications are kept as they arrived: they cannot be created, changed or deleted here.",
  [CONTENT_TYPES.refund]:
    "Refunds are recorded by the shop as their gateway answered: make one from Packing and delivery > Refunds, never here.",
  [CONTENT_TYPES.sandboxNotification]:
    "The sandbox gateway records its customers' decisions and sends them itself: they cannot be created, changed or deleted here.",
  [CONTENT_TYPES.paymentMethod]:
    "Saved cards are recorded by the shop as their gateway confirmed them, and changed by their owner: they cannot be created, changed or deleted here.",
};

/**
 * Registers the checks (Strapi's register phase). Edits made by the shop's own services go through
 * the query engine, not the document service, and so never meet these.
 */
export function registerStaffRules(strapi: Core.Strapi): void {
  type Middleware = Parameters<typeof strapi.documents.use>[0];
  const middleware = async (middlewareContext: unknown, next: Next) => {
    // Strapi's context is typed per content type; these checks read a few fields of any of them.
    const context = middlewareContext as DocumentContext;
    const data = context.params.data;
    if (context.uid === CONTENT_TYPES.order) return guardOrder(strapi, context, next);
    const record = SHOP_RECORDS[context.uid];
    if (record !== undefined && !READS.has(context.action) && staffOf(strapi) !== null) {
      throw new errors.ApplicationError(record);
    }
    if (!WRITES.has(context.action) || !data) return next();
    if (context.uid === CONTENT_TYPES.deliveryZone) checkZone(data);
    if (context.uid === CONTENT_TYPES.coupon) checkCoupon(data, context.action);
    return next();
  };
  strapi.documents.use(middleware as Middleware);
}

// ---- Indexes -------------------------------------------------------------------------------------

/**
 * Unique values the ordering services count on the database to keep (Strapi's "unique" is only
 * checked by its validator, which two racing requests both pass): one row per slot and day (the
 * conditional update needs it), one coupon use per customer, one draft per token, one order per
 * number, one coupon per code. Made at every boot, idempotent on SQLite and PostgreSQL.
 */
const UNIQUE_COLUMNS = [
  { name: "shop_delivery_slot_days_key_unique", uid: CONTENT_TYPES.deliverySlotDay, attribute: "key" },
  { name: "shop_coupon_redemptions_key_unique", uid: CONTENT_TYPES.couponRedemption, attribute: "key" },
  { name: "shop_order_drafts_token_unique", uid: CONTENT_TYPES.orderDraft, attribute: "tokenHash" },
  { name: "shop_orders_number_unique", uid: CONTENT_TYPES.order, attribute: "number" },
  { name: "shop_coupons_code_unique", uid: CONTENT_TYPES.coupon, attribute: "code" },
  // One refund per key (a retried request) and per gateway refund (a replayed notification): docs/decisions/031.
  { name: "shop_refunds_key_unique", uid: CONTENT_TYPES.refund, attribute: "key" },
  { name: "shop_refunds_gateway_key_unique", uid: CONTENT_TYPES.refund, attribute: "gatewayKey" },
  // The n-th refund of a payment is claimed once: two claims that read the same refunds cannot both be written.
  { name: "shop_refunds_claim_unique", uid: CONTENT_TYPES.refund, attribute: "claim" },
  // One decision per sandbox attempt, whatever two posts racing each other try.
  {
    name: "shop_sandbox_notifications_reference_unique",
    uid: CONTENT_TYPES.sandboxNotification,
    attribute: "reference",
  },
] as const;

/** Plain indexes of what the services look orders up by. */
const INDEXES = [
  { name: "shop_orders_status_expires", uid: CONTENT_TYPES.order, attributes: ["orderStatus", "expiresAt"] },
  { name: "shop_orders_delivery_date", uid: CONTENT_TYPES.order, attributes: ["deliveryDate"] },
  { name: "shop_delivery_slot_days_zone_date", uid: CONTENT_TYPES.deliverySlotDay, attributes: ["zoneId", "date"] },
  { name: "shop_order_drafts_expires", uid: CONTENT_TYPES.orderDraft, attributes: ["expiresAt"] },
  {
    name: "shop_sandbox_notifications_due",
    uid: CONTENT_TYPES.sandboxNotification,
    attributes: ["deliveryStatus", "nextAttemptAt"],
  },
] as const;

export async function ensureOrderIndexes(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  for (const { name, uid, attribute } of UNIQUE_COLUMNS) {
    const table = tableOf(strapi, uid);
    await knex.raw("CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)", [name, table.name, table.column(attribute)]);
  }
  for (const { name, uid, attributes } of INDEXES) {
    const table = tableOf(strapi, uid);
    const columns = attributes.map((attribute) => table.column(attribute));
    await knex.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? (${columns.map(() => "??").join(", ")})`, [
      name,
      table.name,
      ...columns,
    ]);
  }
}
