export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "payment_failed",
  "preparing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who changes an order's status, as the trail records it. */
export const STATUS_ACTORS = ["customer", "payment", "staff", "system"] as const;
export type StatusActor = (typeof STATUS_ACTORS)[number];

/**
 * Every change an order's status may make (decision 015). Cancelled and refunded are final; a shipped
 * order can no longer be cancelled, only refunded, because the goods have left.
 */
const TRANSITIONS = {
  pending_payment: ["paid", "payment_failed", "cancelled"],
  payment_failed: ["pending_payment", "paid", "cancelled"],
  paid: ["preparing", "cancelled", "refunded"],
  preparing: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

type Changes = Partial<Record<OrderStatus, readonly OrderStatus[]>>;

/**
 * Which of those changes each actor makes. The payment system alone says an order is paid or its
 * payment failed (a gateway's verified notification), and reopens a failed one for another attempt;
 * staff move a paid order through packing and delivery, cancel and refund; the expiry job only
 * cancels unpaid orders; a customer asks to try paying again, or cancels an order not yet prepared
 * (the cut-off, which the CMS checks, comes before preparing); a gateway's notification of a refund
 * of the whole amount marks the order refunded.
 */
const CHANGES_BY_ACTOR = {
  payment: {
    pending_payment: ["paid", "payment_failed"],
    payment_failed: ["pending_payment", "paid"],
    // A refund made at the gateway (its panel) for the whole amount, told by its notification.
    paid: ["refunded"],
    preparing: ["refunded"],
    shipped: ["refunded"],
    delivered: ["refunded"],
  },
  staff: {
    pending_payment: ["cancelled"],
    payment_failed: ["cancelled"],
    paid: ["preparing", "cancelled", "refunded"],
    preparing: ["shipped", "cancelled", "refunded"],
    shipped: ["delivered", "refunded"],
    delivered: ["refunded"],
  },
  system: {
    pending_payment: ["cancelled"],
    payment_failed: ["cancelled"],
  },
  customer: {
    // A one-off order cancelled from its page before its delivery's cut-off (refunded in full when paid).
    pending_payment: ["cancelled"],
    payment_failed: ["pending_payment", "cancelled"],
    paid: ["cancelled"],
  },
} as const satisfies Record<StatusActor, Changes>;

/** The statuses staff may set by hand in the admin panel, from one status or another. */
export const STAFF_STATUSES = [
  "preparing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const satisfies readonly OrderStatus[];

export class OrderStatusChangeError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`An order cannot change from ${from} to ${to}`);
    this.name = "OrderStatusChangeError";
  }
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

const targets = (changes: Changes, from: OrderStatus): readonly OrderStatus[] => changes[from] ?? [];

export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return targets(TRANSITIONS, from).includes(to);
}

/** Throws OrderStatusChangeError, naming both statuses, unless the machine allows the change. */
export function assertStatusChange(from: OrderStatus, to: OrderStatus): void {
  if (!canChangeStatus(from, to)) throw new OrderStatusChangeError(from, to);
}

export function mayChangeStatus(actor: StatusActor, from: OrderStatus, to: OrderStatus): boolean {
  return canChangeStatus(from, to) && targets(CHANGES_BY_ACTOR[actor], from).includes(to);
}

/** The statuses `actor` may move an order in `from` to: the choices the admin panel offers staff. */
export function nextStatusesFor(actor: StatusActor, from: OrderStatus): OrderStatus[] {
  return targets(CHANGES_BY_ACTOR[actor], from).filter((to) => canChangeStatus(from, to));
}

/** Whether the customer may (still, or again) pay the order. */
export function isOpenForPayment(status: OrderStatus): boolean {
  return status === "pending_payment" || status === "payment_failed";
}

/** Whether a customer may cancel an order in this status (the CMS also asks its delivery's cut-off). */
export function isCancellableByCustomer(status: OrderStatus): boolean {
  return mayChangeStatus("customer", status, "cancelled");
}

/** Statuses whose order has money taken that may be refunded (a cancelled one only if it was paid first). */
export const REFUNDABLE_STATUSES = [
  "paid",
  "preparing",
  "shipped",
  "delivered",
  "cancelled",
] as const satisfies readonly OrderStatus[];

/**
 * Statuses of an order paid and still standing: its full invoice is owed in each (issued with the
 * payment, or on a later move when it could not be then), and the customer may still ask for one
 * from its page (docs/decisions/039). Cancelled and refunded orders have nothing left to invoice.
 */
export const INVOICEABLE_STATUSES = [
  "paid",
  "preparing",
  "shipped",
  "delivered",
] as const satisfies readonly OrderStatus[];

/** Whether an order in this status is invoiceable (INVOICEABLE_STATUSES). */
export function isInvoiceable(status: OrderStatus): boolean {
  return (INVOICEABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Statuses of an order whose goods have not left: cancelling or refunding it frees its slot place and coupon use. */
export function hasNotLeft(status: OrderStatus): boolean {
  return status === "pending_payment" || status === "payment_failed" || status === "paid" || status === "preparing";
}
