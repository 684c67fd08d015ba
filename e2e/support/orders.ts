import {
  createdOrderSchema,
  deliveryCalendarSchema,
  orderDraftAnswerSchema,
  ORDER_DRAFT_HEADER,
  type CreatedOrder,
  type DraftInvoice,
} from "@shop/contracts";
import type { Frequency } from "@shop/domain";
import type { Locale } from "@shop/routing";
import type { TestCustomer } from "./accounts";

/** A Barcelona postcode: the demo shop's zone there delivers twice a week. */
export const ORDER_POSTCODE = "08036";

async function call(api: string, method: string, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * A draft of the customer's with one box (`boxId`) filled to its summary through the CMS's calls, as
 * the new-order flow's steps fill it (that flow has its own tests); its token. With a `frequency`,
 * the purchase is a subscription's first order.
 */
export async function summaryDraft(
  cmsUrl: string,
  {
    customer,
    boxId,
    frequency,
    invoice = null,
  }: { customer: TestCustomer; boxId: number; frequency?: Frequency; invoice?: DraftInvoice | null },
): Promise<string> {
  const api = `${cmsUrl}/api`;
  const bearer = { Authorization: `Bearer ${customer.jwt}` };
  const { token } = orderDraftAnswerSchema.parse(await call(api, "POST", "/order-drafts", {}, bearer));
  if (!token) throw new Error("A new draft came without its token");
  const calendarAnswer = await fetch(`${api}/delivery/calendar?postcode=${ORDER_POSTCODE}`);
  const first = deliveryCalendarSchema.parse(await calendarAnswer.json()).dates[0];
  if (!first?.slots[0]) throw new Error(`No delivery date is offered to ${ORDER_POSTCODE}`);
  const address = {
    fullName: "Marta Puig",
    company: null,
    line1: "Carrer de Mallorca 200",
    line2: null,
    postalCode: ORDER_POSTCODE,
    city: "Barcelona",
    region: null,
    country: "ES",
    phone: null,
  };
  for (const step of [
    { postcode: ORDER_POSTCODE },
    frequency ? { purchase: "subscription", frequency } : { purchase: "once" },
    { boxes: [{ productId: boxId, quantity: 1, exclusions: [] }] },
    { extras: [] },
    {
      delivery: { addressId: null, address, date: first.date, slot: first.slots[0].code, notes: "Timbre 2" },
      invoice,
    },
  ]) {
    await call(api, "PATCH", "/order-drafts/current", step, { ...bearer, [ORDER_DRAFT_HEADER]: token });
  }
  return token;
}

/**
 * An order of one box (`boxId`) waiting for its payment, placed through the CMS's calls as the
 * new-order flow places them: a draft filled to its summary (summaryDraft), then the order (with a
 * `frequency`, a subscription's first order).
 */
export async function placeOrder(
  cmsUrl: string,
  {
    customer,
    locale,
    boxId,
    frequency,
    invoice = null,
  }: { customer: TestCustomer; locale: Locale; boxId: number; frequency?: Frequency; invoice?: DraftInvoice | null },
): Promise<CreatedOrder["order"]> {
  const token = await summaryDraft(cmsUrl, { customer, boxId, invoice, ...(frequency ? { frequency } : {}) });
  const created = await call(
    `${cmsUrl}/api`,
    "POST",
    "/orders",
    { termsAccepted: true, marketingConsent: false, locale },
    { Authorization: `Bearer ${customer.jwt}`, [ORDER_DRAFT_HEADER]: token },
  );
  return createdOrderSchema.parse(created).order;
}
