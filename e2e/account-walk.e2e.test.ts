import { randomUUID } from "node:crypto";
import { addressBody } from "@shop/contracts";
import { LOCALES, pathTo, SCREEN_IDS, SCREENS, type Locale, type ScreenId } from "@shop/routing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { registerCustomer, SESSION_COOKIE, type TestCustomer } from "./support/accounts";
import { seriousAxeFindings } from "./support/axe";
import { useBrowserSession } from "./support/browser";
import { consumerBox, fetchTranslatedProducts } from "./support/catalogue";
import { sidewaysOverflow } from "./support/layout";
import { placeOrder } from "./support/orders";

/**
 * The signed-in customer's pages get the public pages' walk (pages.e2e.test.ts): every screen of the
 * account layout, in every language, at a small and a common phone (320, 390), a tablet (768, the
 * menu's switch to a side column) and a laptop (1366), must not scroll sideways nor have a serious or
 * critical axe finding. Axe, the costliest check, runs where the markup differs: at the common phone
 * width in every language, and at the laptop width (the side-column menu) in one language per page,
 * the languages taking turns across the pages (the server sends the same markup at every width; only
 * the words change with the language). The customer has what makes these pages long and wide: a long
 * e-mail address (shown in the menu and in the texts that name it), a saved address and an order.
 */
const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(base, { shareContext: true });

const WIDTHS = [320, 390, 768, 1366] as const;
const PHONE_AXE_WIDTH = 390;
const LAPTOP_AXE_WIDTH = 1366;

// The customer's screens: the staff's gift-card screen answers a customer 404 (gift-card-staff.e2e walks it).
const ACCOUNT_SCREENS = SCREEN_IDS.filter((id) => SCREENS[id].layout === "admin" && id !== "adminGiftCards");

let customer: TestCustomer;
let orderNumber = "";
/** A subscription of the customer's (its first order unpaid): what the subscription screens show. */
let subscriptionId = "";

beforeAll(async () => {
  const id = randomUUID().slice(0, 8);
  customer = await registerCustomer(cmsUrl, {
    email: `maria.lluisa.ferrer.${id}@cooperativa-agricola-del-baix-llobregat.example.test`,
  });
  const address = addressBody.parse({
    label: "Casa de la muntanya",
    fullName: "Maria Lluïsa Ferrer i Castellví-Puigdomènech",
    company: null,
    line1: "Carrer de Sant Antoni Maria Claret 1234, escala B, 5è 2a",
    line2: null,
    postalCode: "08025",
    city: "Barcelona",
    region: null,
    country: "ES",
    phone: "+34 600 000 000",
    notes: null,
  });
  const saved = await fetch(`${cmsUrl}/api/users/me/addresses`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${customer.jwt}` },
    body: JSON.stringify(address),
  });
  if (!saved.ok) throw new Error(`Saving the address failed: ${saved.status} ${await saved.text()}`);
  const box = consumerBox(await fetchTranslatedProducts(cmsUrl));
  orderNumber = (await placeOrder(cmsUrl, { customer, locale: "es", boxId: box.id })).number;
  const subscribed = await placeOrder(cmsUrl, { customer, locale: "es", boxId: box.id, frequency: "monthly" });
  subscriptionId = subscribed.subscriptionId ?? "";
});

/**
 * The paths a screen is walked at: its own, and with a form opened by its address as well (the
 * profile's address form; a subscription's address form, whose choices are the book's long lines).
 */
function pathsOf(id: ScreenId, locale: Locale): string[] {
  switch (id) {
    case "orderDetail":
      return [pathTo(id, locale, { id: orderNumber })];
    case "subscriptionDetail":
      return [
        pathTo(id, locale, { id: subscriptionId }),
        `${pathTo(id, locale, { id: subscriptionId })}?change=address`,
      ];
    case "upcomingDeliveries":
      return [pathTo(id, locale, { id: subscriptionId })];
    case "profile":
      return [pathTo(id, locale), `${pathTo(id, locale)}?address=new`];
    default:
      return [pathTo(id, locale)];
  }
}

async function problemsOf(page: Page, path: string, { laptopAxe }: { laptopAxe: boolean }): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  const response = await page.goto(path);
  if (!response || response.status() >= 400) problems.push(`${path}: answered ${response?.status()}`);
  // A guard that sends the customer elsewhere would make the walk measure the wrong page.
  if (new URL(page.url()).pathname !== new URL(path, base).pathname) problems.push(`${path}: went to ${page.url()}`);
  // What a click would unfold (the account deletion's form) is measured too.
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
    const { by, culprit } = await sidewaysOverflow(page);
    if (by > 0) problems.push(`${path} at ${width} px: scrolls sideways by ${by} px (${culprit})`);
    if (width === PHONE_AXE_WIDTH || (laptopAxe && width === LAPTOP_AXE_WIDTH)) {
      for (const finding of await seriousAxeFindings(page)) problems.push(`${path} at ${width} px: ${finding}`);
    }
  }
  return problems;
}

// One test per language: each walks every account page of its language (13 paths, 4 widths each).
describe("every account page at every width", () => {
  it.each(LOCALES)(
    "no sideways scrolling and no serious accessibility problem (%s)",
    async (locale) => {
      const { page } = session;
      await session.context.addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: base }]);
      const problems: string[] = [];
      // A page's place in the walk picks the language it is checked by axe in at the laptop width.
      let index = 0;
      for (const id of ACCOUNT_SCREENS) {
        for (const path of pathsOf(id, locale)) {
          const laptopAxe = LOCALES[index % LOCALES.length] === locale;
          problems.push(...(await problemsOf(page, path, { laptopAxe })));
          index += 1;
        }
      }
      expect(problems).toEqual([]);
    },
    90_000,
  );
});
