import type { Address, DeliveryAddress, Order } from "@shop/contracts";
import { canRequestInvoice, invoiceRequestLastDay, isInvoiceable } from "@shop/domain";
import type { Locale } from "@shop/routing";
import { longDate } from "~/dates";
import { invoiceDefaultsOf } from "~/order-flow/invoice-defaults";

/**
 * Whether a paid order's page offers "ask for an invoice" (docs/decisions/039, "A full invoice asked
 * for after payment"), and what its form starts with. The rule of the deadline is @shop/domain's
 * (invoiceRequestLastDay), which the CMS applies too: the page only says it.
 */

/** The form's `intent`, which the order page's action passes to ./invoice-request.server. */
export const INVOICE_REQUEST_INTENT = "requestInvoice";

/** What the form's fields start with: the profile's invoice data, else the order's delivery address. */
export interface InvoiceRequestDefaults {
  readonly name: string;
  readonly taxId: string;
  readonly address: Partial<DeliveryAddress>;
  /** Whether the profile gave any of it (the form says so). */
  readonly fromProfile: boolean;
}

export type InvoiceRequestView =
  | { readonly state: "open"; readonly until: string; readonly defaults: InvoiceRequestDefaults }
  | { readonly state: "closed"; readonly until: string };

type Profile = Parameters<typeof invoiceDefaultsOf>[0];

/** When the order was paid: its first move to paid. */
const paidAtOf = (order: Pick<Order, "events">): Date | null => {
  const at = order.events.find((event) => event.to === "paid")?.at;
  return at === undefined ? null : new Date(at);
};

/** Whether the page offers the form at `now`, says the time is over, or shows nothing (null). */
export function invoiceRequestState(
  order: Pick<Order, "status" | "invoice" | "invoices" | "events">,
  now: Date,
): { readonly open: boolean; readonly lastDay: string } | null {
  // An order that asked for its invoice already shows it (or that it is being prepared).
  if (order.invoice !== null || (order.invoices ?? []).some((invoice) => invoice.kind === "invoice")) return null;
  if (!isInvoiceable(order.status)) return null;
  const paidAt = paidAtOf(order);
  if (paidAt === null) return null;
  return { open: canRequestInvoice(paidAt, now), lastDay: invoiceRequestLastDay(paidAt) };
}

const postalOf = ({ fullName, company, line1, line2, postalCode, city, region, country, phone }: Address) => ({
  fullName,
  company,
  line1,
  line2,
  postalCode,
  city,
  region,
  country,
  phone,
});

/** The form's first values: the profile's name, tax id and default billing address, else the delivery's address. */
export function invoiceRequestDefaults(
  order: Pick<Order, "delivery">,
  profile: Profile | null,
  addresses: readonly Address[],
): InvoiceRequestDefaults {
  const fromBook = invoiceDefaultsOf(profile, addresses);
  const address = fromBook.address ? postalOf(fromBook.address) : order.delivery.address;
  return {
    name: fromBook.name || address.company || address.fullName || "",
    taxId: fromBook.taxId,
    address,
    fromProfile: Boolean(profile?.taxId) || fromBook.address !== null,
  };
}

/** The whole view, `profile` and `addresses` asked for only when the form is offered (see the server module). */
export function invoiceRequestViewOf(
  state: NonNullable<ReturnType<typeof invoiceRequestState>>,
  defaults: InvoiceRequestDefaults | null,
  locale: Locale,
): InvoiceRequestView {
  const until = longDate(state.lastDay, locale) ?? state.lastDay;
  return state.open && defaults !== null ? { state: "open", until, defaults } : { state: "closed", until };
}
