import { deliveryCalendarSchema, MAX_UNPAID_ORDERS, orderDraftAnswerSchema, ORDER_DRAFT_HEADER } from "@shop/contracts";
import { LOCALES, pathTo } from "@shop/routing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ORDER_LIMIT_TEXTS } from "../apps/storefront/app/order-flow/order-limit";
import { registerCustomer, SESSION_COOKIE, type TestCustomer } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { consumerBox, fetchTranslatedProducts } from "./support/catalogue";

// A customer who cannot place an order yet is told on the summary, before "Pay", not at it
// (docs/decisions/021): here with MAX_UNPAID_ORDERS orders waiting for payment (the rate limits are
// off in the end-to-end shop; the account's allowance is the CMS's integration tests').

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const api = `${cmsUrl}/api`;
const session = useBrowserSession(storefrontUrl);

/** A Barcelona postcode: the demo shop's zone there delivers twice a week. */
const POSTCODE = "08036";
let boxId = 0;

beforeAll(async () => {
  boxId = consumerBox(await fetchTranslatedProducts(cmsUrl)).id;
});

async function call(method: string, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A draft of the customer's filled to its summary through the CMS's calls, as the flow's steps fill it; its token. */
async function summaryDraft(customer: TestCustomer): Promise<string> {
  const bearer = { Authorization: `Bearer ${customer.jwt}` };
  const { token } = orderDraftAnswerSchema.parse(await call("POST", "/order-drafts", {}, bearer));
  if (!token) throw new Error("A new draft came without its token");
  const calendar = deliveryCalendarSchema.parse(
    await (await fetch(`${api}/delivery/calendar?postcode=${POSTCODE}`)).json(),
  );
  const first = calendar.dates[0];
  if (!first?.slots[0]) throw new Error(`No delivery date is offered to ${POSTCODE}`);
  const address = {
    fullName: "Marta Puig",
    company: null,
    line1: "Carrer de Mallorca 200",
    line2: null,
    postalCode: POSTCODE,
    city: "Barcelona",
    region: null,
    country: "ES",
    phone: null,
  };
  for (const step of [
    { postcode: POSTCODE },
    { purchase: "once" },
    { boxes: [{ productId: boxId, quantity: 1, exclusions: [] }] },
    { extras: [] },
    { delivery: { addressId: null, address, date: first.date, slot: first.slots[0].code, notes: "Timbre 2" } },
  ]) {
    await call("PATCH", "/order-drafts/current", step, { ...bearer, [ORDER_DRAFT_HEADER]: token });
  }
  return token;
}

describe.each(LOCALES)("an account that may not order yet (%s)", (locale) => {
  it("is told on the summary, with the time it may go on and a way to its waiting orders", async () => {
    const customer = await registerCustomer(cmsUrl);
    for (let index = 0; index < MAX_UNPAID_ORDERS; index++) {
      const token = await summaryDraft(customer);
      await call(
        "POST",
        "/orders",
        { termsAccepted: true, marketingConsent: false, locale },
        { Authorization: `Bearer ${customer.jwt}`, [ORDER_DRAFT_HEADER]: token },
      );
    }
    const draft = await summaryDraft(customer);
    const { page, context } = session;
    await context.addCookies([
      { name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl },
      { name: "shop_order_draft", value: draft, url: storefrontUrl },
    ]);
    await page.goto(`${pathTo("newOrder", locale)}?step=summary`);
    const words = ORDER_LIMIT_TEXTS[locale];
    const notice = page.getByRole("region", { name: words.heading });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(/\d{2}:\d{2}/);
    const link = notice.getByRole("link", { name: words.orders });
    expect(await link.getAttribute("href")).toBe(pathTo("orders", locale));
  });
});
