import {
  createdOrderSchema,
  deliveryCalendarSchema,
  orderDraftAnswerSchema,
  ORDER_DRAFT_HEADER,
} from "@shop/contracts";
import { formatCents } from "@shop/domain";
import { LOCALE_TAGS, pathTo, type Locale } from "@shop/routing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { changeTextsFor } from "../apps/storefront/app/orders/change-texts";
import { ordersTextsFor } from "../apps/storefront/app/orders/texts";
import { registerCustomer, SESSION_COOKIE, type TestCustomer } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { fetchTranslatedProducts } from "./support/catalogue";
import { ORDER_POSTCODE } from "./support/orders";
import { decideOnSandbox } from "./support/sandbox";

// A customer changes a paid one-off order from its page before the cut-off (docs/decisions/049):
// another delivery day and one box fewer; before confirming the page says the new total and what
// comes back to which method, and after, the refund the CMS really made. One language per case, on
// a phone; one browser context for the file.

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(storefrontUrl, { shareContext: true });

let boxId = 0;

beforeAll(async () => {
  const box = (await fetchTranslatedProducts(cmsUrl)).find(
    (product) =>
      product.type === "box" && product.isActive && product.market_types.some((market) => market.name === "B2C"),
  );
  if (!box) throw new Error("The demo catalogue has no box for consumers");
  boxId = box.id;
});

async function call(method: string, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${cmsUrl}/api${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A one-off order of two boxes for the first open day, waiting for its payment (as the flow places it). */
async function orderOfTwoBoxes(customer: TestCustomer, locale: Locale) {
  const bearer = { Authorization: `Bearer ${customer.jwt}` };
  const { token } = orderDraftAnswerSchema.parse(await call("POST", "/order-drafts", {}, bearer));
  if (!token) throw new Error("A new draft came without its token");
  const calendar = deliveryCalendarSchema.parse(
    await (await fetch(`${cmsUrl}/api/delivery/calendar?postcode=${ORDER_POSTCODE}`)).json(),
  );
  const first = calendar.dates[0];
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
    { purchase: "once" },
    { boxes: [{ productId: boxId, quantity: 2, exclusions: [] }] },
    { extras: [] },
    { delivery: { addressId: null, address, date: first.date, slot: first.slots[0].code, notes: "" } },
  ]) {
    await call("PATCH", "/order-drafts/current", step, { ...bearer, [ORDER_DRAFT_HEADER]: token });
  }
  const created = await call(
    "POST",
    "/orders",
    { termsAccepted: true, marketingConsent: false, locale },
    { ...bearer, [ORDER_DRAFT_HEADER]: token },
  );
  return createdOrderSchema.parse(created).order;
}

describe.each(["es", "ca", "pt"] as const)("changing a paid order in %s", (locale) => {
  const texts = ordersTextsFor(locale);
  const t = changeTextsFor(locale);
  const money = (cents: number) => formatCents(cents, LOCALE_TAGS[locale]);

  it("moves the delivery to another day and lowers a quantity; the page says the new total and the refund", async () => {
    const customer = await registerCustomer(cmsUrl);
    // Placed and paid in another language than the page's (the payment comes back to the order's
    // language): the change form's days and amounts follow the page's.
    const placedIn = locale === "es" ? "ca" : "es";
    const placedTexts = ordersTextsFor(placedIn);
    const order = await orderOfTwoBoxes(customer, placedIn);
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);

    const paid = formatCents(order.totals.total, LOCALE_TAGS[placedIn]);
    await page.goto(`${pathTo("orderPay", placedIn)}?order=${order.number}`);
    await page.getByRole("button", { name: placedTexts.pay.button.replace("{total}", paid) }).click();
    await decideOnSandbox(page, "approve");
    await page.waitForURL(`${storefrontUrl}${pathTo("paymentCompleted", placedIn, { slug: order.number })}`);
    await expect
      .poll(() => page.getByRole("heading", { name: placedTexts.outcome.paid.heading }).isVisible())
      .toBe(true);

    await page.goto(pathTo("orderDetail", locale, { id: order.number }));
    await page.getByRole("link", { name: t.open }).click();
    const delivery = page.getByLabel(t.deliveryLegend);
    await expect.poll(() => delivery.isVisible()).toBe(true);
    // The first other day or slot offered.
    const [, other] = await delivery
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    if (!other) throw new Error("No other delivery day is offered");
    const weekday = (date: string) =>
      new Intl.DateTimeFormat(LOCALE_TAGS[locale], { weekday: "long", timeZone: "UTC" }).format(
        new Date(`${date}T00:00:00Z`),
      );
    const [current, offered] = await delivery.locator("option").allTextContents();
    expect(current).toContain(weekday(order.delivery.date));
    expect(offered).toContain(weekday(other.split("|")[0]!));
    await delivery.selectOption(other);
    await page.locator('select[name="qty-0"]').selectOption("1");
    await page.getByRole("button", { name: t.review }).click();

    const quote = page.getByRole("region", { name: t.quoteHeading });
    await expect.poll(() => quote.isVisible()).toBe(true);
    const totalLine = (await page.getByTestId("change-total").textContent()) ?? "";
    const refundLine = (await page.getByTestId("change-refund").textContent()) ?? "";
    await page.getByRole("button", { name: t.confirm }).click();

    await expect
      .poll(() =>
        page
          .getByRole("status")
          .filter({ hasText: t.doneRefunded.split("{amount}")[0]! })
          .count(),
      )
      .toBe(1);
    const after = (await call("GET", `/orders/mine/${order.number}`, undefined, {
      Authorization: `Bearer ${customer.jwt}`,
    })) as {
      totals: { total: number };
      delivery: { date: string; slot: { code: string } };
      refunds: { amount: number }[];
    };
    const refunded = after.refunds[0]?.amount ?? 0;
    // What the page said before is what the CMS did.
    expect(refunded).toBe(order.totals.total - after.totals.total);
    expect(refunded).toBeGreaterThan(0);
    expect(`${after.delivery.date}|${after.delivery.slot.code}`).toBe(other);
    expect(totalLine).toBe(
      t.quoteTotal.replace("{after}", money(after.totals.total)).replace("{before}", money(order.totals.total)),
    );
    expect(refundLine).toBe(
      t.quoteRefund.replace("{amount}", money(refunded)).replace("{method}", texts.cancel.methods.sandbox),
    );
    const done = t.doneRefunded.replace("{amount}", money(refunded));
    await expect.poll(() => page.getByRole("status").filter({ hasText: done }).count()).toBe(1);
    // The order page shows the new total and the refund.
    await expect
      .poll(() =>
        page
          .locator("dd")
          .filter({ hasText: money(after.totals.total) })
          .first()
          .isVisible(),
      )
      .toBe(true);
    const refunds = page.getByRole("region", { name: texts.refunds.heading });
    await expect.poll(() => refunds.textContent()).toContain(money(refunded));
  });
});
