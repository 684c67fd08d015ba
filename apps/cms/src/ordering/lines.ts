import type { Order, QuoteLine } from "@shop/contracts";
import { text } from "@shop/domain";

/**
 * An order's lines as the database hands them back, and the one reading of them that the customer's
 * order page (orders.ts), the order mails (src/email/order-mails.ts) and the packing list
 * (src/packing/orders.ts) share, so that a line reads the same in the account, in the mail and on
 * the sheet.
 */
export interface StoredLine extends Omit<QuoteLine, "taxRate" | "exclusions"> {
  /** A decimal column: PostgreSQL hands it back as text. */
  taxRate: number | string;
  /** A box's left-out foods as orders.ts stores them; read with storedExclusions. */
  exclusions: unknown;
}

/**
 * A box line's left-out foods: `{ id, name }` entries as orders.ts stores them. A bare name (a line
 * written by hand in the admin panel) has no id; a missing name is "".
 */
export function storedExclusions(value: unknown): { id: number | null; name: string }[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) => {
    const entry =
      typeof item === "object" && item !== null ? (item as { id?: unknown; name?: unknown }) : { name: item };
    return { id: typeof entry.id === "number" ? entry.id : null, name: text(entry.name) ?? "" };
  });
}

/** The names of the foods a box leaves out, as the customer and the packers read them (none blank). */
export function exclusionNames(value: unknown): string[] {
  return storedExclusions(value).flatMap(({ name }) => (name === "" ? [] : [name]));
}

/** A stored line as the contracts' order line, for the order page and the mails. */
export function toOrderLine(row: StoredLine): QuoteLine {
  return {
    kind: row.kind,
    productId: row.productId,
    name: row.name,
    quantity: row.quantity,
    frequency: row.frequency ?? null,
    unitPrice: row.unitPrice,
    taxRate: Number(row.taxRate),
    gross: row.gross,
    tax: row.tax,
    discount: row.discount,
    exclusions: exclusionNames(row.exclusions),
  };
}

/** An order's contents as the database hands them back: its lines, sums, coupon and delivery. */
export interface StoredOrderContents {
  purchase: Order["purchase"];
  frequency: Order["frequency"];
  lines?: StoredLine[];
  goods: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  couponCode: string | null;
  zoneName: string | null;
  deliveryDate: string;
  slotCode: string;
  slotStart: string;
  slotEnd: string;
  deliveryAddress: Order["delivery"]["address"];
  notes: string | null;
}

/**
 * A stored order's contents as the contracts' order has them, the customer's order page's and the
 * order mails', so that an order reads the same in the account and in the mail.
 */
export function toOrderContents(
  row: StoredOrderContents,
): Pick<Order, "purchase" | "frequency" | "lines" | "totals" | "couponCode" | "delivery"> {
  return {
    purchase: row.purchase,
    frequency: row.frequency ?? null,
    lines: (row.lines ?? []).map(toOrderLine),
    totals: { goods: row.goods, discount: row.discount, shipping: row.shipping, tax: row.tax, total: row.total },
    couponCode: row.couponCode ?? null,
    delivery: {
      date: String(row.deliveryDate).slice(0, 10),
      slot: { code: row.slotCode, start: row.slotStart, end: row.slotEnd },
      zoneName: row.zoneName ?? "",
      address: row.deliveryAddress,
      notes: row.notes ?? "",
    },
  };
}
