import type { OrderStatus } from "@shop/domain";

/** Each status's colours; the badge always says the status in words too. */
const TONES: Record<OrderStatus, string> = {
  pending_payment: "bg-carrot-100 text-carrot-700 ring-carrot-400",
  payment_failed: "bg-carrot-100 text-carrot-700 ring-carrot-400",
  paid: "bg-leaf-100 text-leaf-800 ring-leaf-200",
  preparing: "bg-leaf-100 text-leaf-800 ring-leaf-200",
  shipped: "bg-leaf-100 text-leaf-800 ring-leaf-200",
  delivered: "bg-leaf-700 text-white ring-leaf-700",
  cancelled: "bg-sand-200 text-sand-900 ring-sand-300",
  refunded: "bg-sand-200 text-sand-900 ring-sand-300",
};

/** An order's status as a small label. */
export function OrderStatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-0.5 text-sm font-semibold ring-1 ${TONES[status]}`}>
      {label}
    </span>
  );
}
