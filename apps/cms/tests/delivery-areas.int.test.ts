import { deliveryAreasAnswerSchema } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAQS } from "../src/seed/data";
import { seedDemoDelivery } from "../src/seed/delivery";
import { getJson } from "./helpers/http";
import { createZone, ZONE_UID } from "./helpers/ordering";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

// GET /delivery/areas: what the shop's pages say about where it delivers and what it costs, read
// from the zones staff keep (issue 20: the FAQ promised fees and areas checkout did not charge).
let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false" });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const areas = async () => {
  const answer = await getJson(`${app.api}/delivery/areas`);
  expect(answer.status).toBe(200);
  return answer;
};

describe("the public read of the delivery areas", () => {
  it("answers the demo's zones with the fees and thresholds checkout charges, in cents, and nothing private", async () => {
    await seedDemoDelivery(app.strapi);
    const answer = await areas();
    // Exactly these keys: no ids, slots, capacities or flags of the admin panel.
    expect(answer.body).toEqual({
      areas: [
        {
          name: "Barcelona",
          postcodes: [{ from: "08001", to: "08999" }],
          weekdays: [2, 4],
          shippingFee: 490,
          freeShippingFrom: 5000,
          cutoff: { workingDaysBefore: 2, time: "23:59" },
        },
        {
          name: "Madrid",
          postcodes: [{ from: "28001", to: "28999" }],
          weekdays: [3, 5],
          shippingFee: 490,
          freeShippingFrom: 5000,
          cutoff: { workingDaysBefore: 2, time: "23:59" },
        },
        {
          name: "Lisboa",
          postcodes: [{ from: "1000-001", to: "1999-999" }],
          weekdays: [5],
          shippingFee: 690,
          freeShippingFrom: 6000,
          cutoff: { workingDaysBefore: 3, time: "18:00" },
        },
      ],
    });
    expect(deliveryAreasAnswerSchema.safeParse(answer.body).success).toBe(true);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("follows staff's changes at once: a new zone, a zone without free delivery, a zone switched off", async () => {
    await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099, 46100", fee: 3.5, freeFrom: null });
    const closed = await createZone(app.strapi, { name: "Alicante", postcodes: "03001-03099" });
    await app.strapi.db.query(ZONE_UID).update({ where: { id: closed.id }, data: { active: false } });
    const { areas: listed } = deliveryAreasAnswerSchema.parse((await areas()).body);
    expect(listed.map((area) => area.name)).toEqual(["Barcelona", "Madrid", "Lisboa", "Valencia"]);
    expect(listed[3]).toMatchObject({
      postcodes: [
        { from: "46001", to: "46099" },
        { from: "46100", to: "46100" },
      ],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      shippingFee: 350,
      freeShippingFrom: null,
    });
  });
});

describe("the demo's FAQ", () => {
  it("promises no fee, threshold or area of its own: the storefront shows the zones beside it", () => {
    const texts = FAQS.flatMap((faq) => [...Object.values(faq.question), ...Object.values(faq.answer)]);
    for (const text of texts) {
      expect(text).not.toMatch(/€|EUR|\d+[,.]\d{2}/);
      expect(text).not.toMatch(/peninsular|continental|Baleares|Balears/);
    }
  });
});
