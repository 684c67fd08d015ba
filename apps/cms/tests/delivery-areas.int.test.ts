import { deliveryAreasAnswerSchema } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAQS } from "../src/seed/data";
import { seedDemoDelivery } from "../src/seed/delivery";
import { renewDemoDeliveryFaqs } from "../src/seed/delivery-faqs";
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

describe("a demo database seeded when the FAQ named fees of its own", () => {
  it("gets the delivery answers renewed at start, unless staff have edited them", async () => {
    const faqs = app.strapi.db.query("api::faq.faq");
    await faqs.create({
      data: {
        key: "delivery",
        question_es: "¿Dónde repartís y cuánto cuesta el envío?",
        answer_es:
          "Repartimos a domicilio en toda la España peninsular y en Portugal continental; por ahora no llegamos a Baleares, Canarias, Ceuta, Melilla, Azores ni Madeira. El envío cuesta 4,90 € por entrega y es gratis en los pedidos de 35 € o más (IVA incluido). En una suscripción, cada entrega cuenta como un pedido.",
        answer_ca: "Ho ha canviat l'equip: 3 € a tot arreu.",
        answer_pt:
          "Entregamos ao domicílio em toda a Espanha peninsular e em Portugal continental; por agora não chegamos às Baleares, Canárias, Ceuta, Melilha, Açores nem Madeira. O envio custa 4,90 € por entrega e é grátis nas encomendas de 35 € ou mais (IVA incluído). Numa subscrição, cada entrega conta como uma encomenda.",
      },
    });
    const delivery = FAQS.find((faq) => faq.key === "delivery");
    expect(await renewDemoDeliveryFaqs(app.strapi)).toBe(2);
    expect(await faqs.findOne({ where: { key: "delivery" } })).toMatchObject({
      answer_es: delivery?.answer.es,
      answer_ca: "Ho ha canviat l'equip: 3 € a tot arreu.",
      answer_pt: delivery?.answer.pt,
    });
    expect(await renewDemoDeliveryFaqs(app.strapi)).toBe(0);
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
