import { deliveryAreasAnswerSchema, type DeliveryAreasAnswer } from "@shop/contracts";
import { DELIVERY_FAQ_KEY, faqAnchor, formatCents } from "@shop/domain";
import { LOCALE_TAGS, LOCALES, pathTo } from "@shop/routing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { useBrowserSession } from "./support/browser";

// What the shop says about delivery fees and areas is what checkout charges (issue 20): the FAQ's
// delivery answer shows the zones staff keep, read from the CMS, in each language.

const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(base, { shareContext: true });

/** Text as a reader sees it: one plain space between words (ICU writes no-break spaces). */
const plain = (value: string | null) => (value ?? "").replace(/\s+/g, " ").trim();

let zones: DeliveryAreasAnswer["areas"];

beforeAll(async () => {
  zones = deliveryAreasAnswerSchema.parse(await (await fetch(`${cmsUrl}/api/delivery/areas`)).json()).areas;
  // The demo's three zones: the checks below mean something only with zones to show.
  expect(zones.map((zone) => zone.name)).toEqual(["Barcelona", "Madrid", "Lisboa"]);
});

describe.each(LOCALES)("the delivery areas beside the FAQ's delivery answer (%s)", (locale) => {
  it("lists every zone with the fee and free-delivery threshold checkout charges, and the answer names no figure of its own", async () => {
    await session.page.goto(`${pathTo("contact", locale)}#${faqAnchor(DELIVERY_FAQ_KEY)}`);
    const entry = session.page.locator(`#${faqAnchor(DELIVERY_FAQ_KEY)}`);
    const areas = entry.locator("[data-delivery-areas]");
    await expect.poll(() => areas.isVisible()).toBe(true);
    const items = areas.getByRole("listitem");
    expect(await items.count()).toBe(zones.length);
    const tag = LOCALE_TAGS[locale];
    for (const [index, zone] of zones.entries()) {
      const text = plain(await items.nth(index).textContent());
      expect(text).toContain(zone.name);
      expect(text).toContain(plain(formatCents(zone.shippingFee, tag)));
      if (zone.freeShippingFrom !== null) expect(text).toContain(plain(formatCents(zone.freeShippingFrom, tag)));
      expect(text).toContain(zone.postcodes[0]?.from ?? "");
    }
    // The answer's own words promise no amount: the figures are the zones'.
    const answer = plain(await entry.locator("p").first().textContent());
    expect(answer).not.toMatch(/€|\d+,\d{2}/);
  });
});
