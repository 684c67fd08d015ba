import { deliveryAreasAnswerSchema } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAQS, LEGAL_PAGES } from "../src/seed/data";
import { seedDemoDelivery } from "../src/seed/delivery";
import { renewDemoDeliveryFaqs } from "../src/seed/delivery-faqs";
import { renewDemoLegalPages } from "../src/seed/legal-pages";
import { getJson } from "./helpers/http";
import { createZone } from "./helpers/ordering";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

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
    await app.strapi.db.query(CONTENT_TYPES.deliveryZone).update({ where: { id: closed.id }, data: { active: false } });
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
    const faqs = app.strapi.db.query(CONTENT_TYPES.faq);
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

describe("a demo database seeded when the terms named a cut-off of their own", () => {
  it("gets the terms renewed at start, unless staff have edited them", async () => {
    const pages = app.strapi.db.query(CONTENT_TYPES.legalPage);
    const terms = LEGAL_PAGES.find((page) => page.key === "termsAndConditions");
    await pages.create({
      data: {
        key: "termsAndConditions",
        title_es: "Condiciones generales de venta",
        body_es:
          "## Pedidos\n\nEl pedido se confirma cuando recibes el correo de confirmación del pago. Los precios incluyen el IVA aplicable.\n\n## Suscripciones\n\nLas suscripciones se renuevan con la frecuencia elegida y se cobran antes de cada entrega. Puedes saltar, pausar o cancelar sin coste antes del cierre de cada pedido (48 horas antes de la entrega).\n\n## Entrega\n\nEntregamos en la franja elegida. Si no hay nadie en casa, dejaremos la caja en el lugar que nos indiques.\n\n## Desistimiento y reclamaciones\n\nAl tratarse de alimentos perecederos no aplica el derecho de desistimiento (art. 103 de la Ley General para la Defensa de los Consumidores). Si algún producto llega en mal estado, escríbenos en 48 horas con una foto y te lo reembolsamos o reponemos.",
        body_ca: "## Comandes\n\nL'equip ho ha canviat: tanquem les comandes el dilluns.",
        body_pt:
          "## Encomendas\n\nA encomenda fica confirmada quando recebe o e-mail de confirmação do pagamento. Os preços incluem o IVA aplicável.\n\n## Subscrições\n\nAs subscrições renovam-se com a frequência escolhida e são cobradas antes de cada entrega. Pode saltar, pausar ou cancelar sem custos antes do fecho de cada encomenda (48 horas antes da entrega).\n\n## Entrega\n\nEntregamos no horário escolhido. Se não estiver ninguém em casa, deixamos a caixa no local que nos indicar.\n\n## Livre resolução e reclamações\n\nPor se tratar de alimentos perecíveis não se aplica o direito de livre resolução. Se algum produto chegar em mau estado, escreva-nos em 48 horas com uma fotografia e reembolsamos ou repomos o produto.",
      },
    });
    expect(await renewDemoLegalPages(app.strapi)).toBe(2);
    expect(await pages.findOne({ where: { key: "termsAndConditions" } })).toMatchObject({
      body_es: terms?.body.es,
      body_ca: "## Comandes\n\nL'equip ho ha canviat: tanquem les comandes el dilluns.",
      body_pt: terms?.body.pt,
    });
    expect(await renewDemoLegalPages(app.strapi)).toBe(0);
  });
});

describe("the demo's legal pages", () => {
  it("promise no cut-off, fee or area of their own: each zone's is shown when ordering and on the contact page", () => {
    for (const page of LEGAL_PAGES) {
      for (const text of Object.values(page.body)) {
        expect(text).not.toMatch(/\d+ (horas|hores) (antes|abans)|€|EUR|peninsular|continental/);
      }
    }
    const terms = LEGAL_PAGES.find((page) => page.key === "termsAndConditions");
    expect(terms?.body.es).toContain("«Zonas de reparto y gastos de envío»");
    expect(terms?.body.ca).toContain("«Zones de repartiment i despeses d'enviament»");
    expect(terms?.body.pt).toContain("«Zonas de entrega e custos de envio»");
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
