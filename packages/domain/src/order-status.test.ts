import { describe, expect, it } from "vitest";
import {
  assertStatusChange,
  canChangeStatus,
  isCancellableByCustomer,
  isInvoiceable,
  isOpenForPayment,
  isOrderStatus,
  mayChangeStatus,
  nextStatusesFor,
  ORDER_STATUSES,
  type OrderStatus,
  OrderStatusChangeError,
  STAFF_STATUSES,
  STATUS_ACTORS,
} from "./order-status";

/** Decision 015's list, written out again so that a change to the machine has to change this too. */
const ALLOWED = new Set([
  "pending_payment>paid",
  "pending_payment>payment_failed",
  "pending_payment>cancelled",
  "payment_failed>pending_payment",
  "payment_failed>paid",
  "payment_failed>cancelled",
  "paid>preparing",
  "paid>cancelled",
  "paid>refunded",
  "preparing>shipped",
  "preparing>cancelled",
  "preparing>refunded",
  "shipped>delivered",
  "shipped>refunded",
  "delivered>refunded",
]);

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe("the order status machine", () => {
  it("allows exactly the changes of decision 015", () => {
    for (const [from, to] of pairs)
      expect(canChangeStatus(from, to), `${from} > ${to}`).toBe(ALLOWED.has(`${from}>${to}`));
  });

  it("names both statuses when it refuses a change", () => {
    expect(() => assertStatusChange("paid", "preparing")).not.toThrow();
    expect(() => assertStatusChange("shipped", "cancelled")).toThrow(OrderStatusChangeError);
    expect(() => assertStatusChange("refunded", "paid")).toThrow("from refunded to paid");
    expect(() => assertStatusChange("paid", "paid")).toThrow(OrderStatusChangeError);
  });

  it("keeps cancelled and refunded final", () => {
    for (const to of ORDER_STATUSES) {
      expect(canChangeStatus("cancelled", to)).toBe(false);
      expect(canChangeStatus("refunded", to)).toBe(false);
    }
  });

  it("reads statuses from untrusted input", () => {
    expect(isOrderStatus("paid")).toBe(true);
    expect(isOrderStatus("PAID")).toBe(false);
    expect(isOrderStatus("toString")).toBe(false);
    expect(isOrderStatus(null)).toBe(false);
  });
});

describe("who may change a status", () => {
  it("lets only the payment system mark an order paid or failed", () => {
    for (const actor of STATUS_ACTORS) {
      expect(mayChangeStatus(actor, "pending_payment", "paid")).toBe(actor === "payment");
      expect(mayChangeStatus(actor, "payment_failed", "paid")).toBe(actor === "payment");
      expect(mayChangeStatus(actor, "pending_payment", "payment_failed")).toBe(actor === "payment");
    }
  });

  it("lets staff pack, ship, deliver, cancel and refund, but not take payments", () => {
    expect(nextStatusesFor("staff", "paid")).toEqual(["preparing", "cancelled", "refunded"]);
    expect(nextStatusesFor("staff", "preparing")).toEqual(["shipped", "cancelled", "refunded"]);
    expect(nextStatusesFor("staff", "shipped")).toEqual(["delivered", "refunded"]);
    expect(nextStatusesFor("staff", "delivered")).toEqual(["refunded"]);
    expect(nextStatusesFor("staff", "pending_payment")).toEqual(["cancelled"]);
    expect(nextStatusesFor("staff", "refunded")).toEqual([]);
    const staffTargets = new Set(ORDER_STATUSES.flatMap((from) => nextStatusesFor("staff", from)));
    expect([...staffTargets].sort()).toEqual([...STAFF_STATUSES].sort());
  });

  it("lets the expiry job cancel unpaid orders only", () => {
    const changes = pairs.filter(([from, to]) => mayChangeStatus("system", from, to));
    expect(changes).toEqual([
      ["pending_payment", "cancelled"],
      ["payment_failed", "cancelled"],
    ]);
  });

  it("lets a customer reopen a failed payment and cancel an order not yet prepared", () => {
    expect(pairs.filter(([from, to]) => mayChangeStatus("customer", from, to))).toEqual([
      ["pending_payment", "cancelled"],
      ["paid", "cancelled"],
      ["payment_failed", "pending_payment"],
      ["payment_failed", "cancelled"],
    ]);
    expect(ORDER_STATUSES.filter((status) => isCancellableByCustomer(status))).toEqual([
      "pending_payment",
      "paid",
      "payment_failed",
    ]);
  });

  it("lets a gateway's notification mark a paid order refunded, nothing else after payment", () => {
    const afterPayment = pairs.filter(([from, to]) => mayChangeStatus("payment", from, to) && !isOpenForPayment(from));
    expect(afterPayment.every(([, to]) => to === "refunded")).toBe(true);
    expect(afterPayment.map(([from]) => from)).toEqual(["paid", "preparing", "shipped", "delivered"]);
  });

  it("gives every change of the machine to someone, and nobody a change outside it", () => {
    for (const [from, to] of pairs) {
      const someone = STATUS_ACTORS.some((actor) => mayChangeStatus(actor, from, to));
      expect(someone, `${from} > ${to}`).toBe(canChangeStatus(from, to));
    }
  });
});

describe("isOpenForPayment", () => {
  it("is true while the order is unpaid and not cancelled", () => {
    const open = ORDER_STATUSES.filter((status: OrderStatus) => isOpenForPayment(status));
    expect(open).toEqual(["pending_payment", "payment_failed"]);
  });
});

describe("isInvoiceable", () => {
  it("is true for an order paid and standing, false for one unpaid, cancelled or refunded", () => {
    const standing: OrderStatus[] = ["paid", "preparing", "shipped", "delivered"];
    const notInvoiceable: OrderStatus[] = ["pending_payment", "payment_failed", "cancelled", "refunded"];
    expect(standing.every(isInvoiceable)).toBe(true);
    expect(notInvoiceable.some(isInvoiceable)).toBe(false);
  });
});
