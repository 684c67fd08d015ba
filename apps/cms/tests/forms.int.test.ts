import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../src/seed";
import { decodeMail } from "./helpers/accounts";
import { expectErrorShape, getJson, postJson } from "./helpers/http";
import { readOutbox, startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// A boot without the demo seed: the forms need no catalogue, and this also covers SEED_DEMO_DATA=false.
let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STAFF_EMAIL: "equipo@example.com" });
});

afterAll(async () => {
  await app?.stop();
});

const contact = {
  name: "Ana García",
  email: "ana@example.com",
  phone: "+34 600 123 456",
  message: "Hola, ¿repartís en Sabadell los jueves?",
  locale: "ca",
};

const lead = {
  name: "Jordi Puig",
  email: "jordi@empresa.example",
  company: "Oficines Puig SL",
  employees: "51-200",
  message: "Volem fruita a l'oficina cada dilluns.",
  locale: "es",
};

/** The mails whose To is `address` (staff's notification names the sender in its Reply-To only). */
const mailsAddressedTo = (address: string) =>
  readOutbox(app.outboxDir)
    .map((mail) => decodeMail(mail.content))
    .filter((text) => new RegExp(`^To: ${address.replaceAll(".", "\\.")}\r?$`, "m").test(text));

interface Created {
  data: { received: boolean; id: number; documentId: string };
}

describe("POST /contact-messages", () => {
  it("stores the message, e-mails staff and answers 201", async () => {
    const before = readOutbox(app.outboxDir).length;
    const response = await postJson<Created>(`${app.api}/contact-messages`, contact);
    expect(response.status).toBe(201);
    expect(response.body.data.received).toBe(true);

    const stored = await app.strapi.db.query(CONTENT_TYPES.contactMessage).findOne({
      where: { id: response.body.data.id },
    });
    expect(stored).toMatchObject({ name: "Ana García", email: "ana@example.com", language: "ca", handled: false });

    const mails = readOutbox(app.outboxDir);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)?.content ?? "";
    expect(mail).toMatch(/^To: equipo@example\.com\r?$/m);
    expect(mail).toMatch(/^Reply-To: ana@example\.com\r?$/m);
    expect(mail).toMatch(/^Subject: /m);
    expect(mail).toContain("Sabadell");
  });

  it("accepts Strapi's { data } envelope and a missing phone", async () => {
    const { phone: _phone, ...withoutPhone } = contact;
    const response = await postJson<Created>(`${app.api}/contact-messages`, { data: withoutPhone });
    expect(response.status).toBe(201);
  });

  it("answers 400 with the invalid fields and stores nothing", async () => {
    const count = () => app.strapi.db.query(CONTENT_TYPES.contactMessage).count({});
    const mails = readOutbox(app.outboxDir).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...contact, email: "not-an-email" }, "email"],
      [{ ...contact, name: "" }, "name"],
      [{ ...contact, name: "Ana\r\nBcc: everyone@example.com" }, "name"],
      [{ ...contact, message: "x".repeat(5001) }, "message"],
      [{ ...contact, phone: "call me" }, "phone"],
      [{ ...contact, locale: "fr" }, "locale"],
      [{ name: "Ana" }, "email"],
    ];
    for (const [payload, field] of cases) {
      const response = await postJson(`${app.api}/contact-messages`, payload);
      const body = expectErrorShape(response, 400);
      expect(body.error.name).toBe("ValidationError");
      const errors = (body.error.details as { errors: { path: string[]; message: string }[] }).errors;
      expect(errors.map((error) => error.path[0])).toContain(field);
      // The codes of @shop/contracts, which the storefront turns into the page's language.
      expect(errors.every((error) => /^(required|tooLong:\d+|invalidEmail|invalidPhone)$/.test(error.message))).toBe(
        true,
      );
    }
    expectErrorShape(await postJson(`${app.api}/contact-messages`, "just text"), 400);
    expect(await count()).toBe(before);
    expect(readOutbox(app.outboxDir)).toHaveLength(mails);
  });

  it("answers 201 to a filled honeypot but stores and sends nothing", async () => {
    const count = () => app.strapi.db.query(CONTENT_TYPES.contactMessage).count({});
    const before = await count();
    const mails = readOutbox(app.outboxDir).length;
    const response = await postJson(`${app.api}/contact-messages`, { ...contact, website: "http://spam.example" });
    expect(response.status).toBe(201);
    expect(await count()).toBe(before);
    expect(readOutbox(app.outboxDir)).toHaveLength(mails);
  });

  it("keeps the messages away from visitors", async () => {
    for (const path of ["/contact-messages", "/contact-messages/1", "/contact-messages/count"]) {
      const response = await getJson(`${app.api}${path}`);
      expect([403, 404]).toContain(response.status);
    }
  });
});

describe("POST /company-leads", () => {
  it("stores the lead, e-mails staff and answers 201", async () => {
    const before = readOutbox(app.outboxDir).length;
    const response = await postJson<Created>(`${app.api}/company-leads`, lead);
    expect(response.status).toBe(201);
    const stored = await app.strapi.db.query(CONTENT_TYPES.companyLead).findOne({
      where: { id: response.body.data.id },
    });
    expect(stored).toMatchObject({ company: "Oficines Puig SL", employees: "51-200", language: "es" });
    const mails = readOutbox(app.outboxDir).slice(before);
    expect(mails).toHaveLength(2);
    const staff = mails.find((mail) => /^To: equipo@example\.com\r?$/m.test(mail.content))?.content ?? "";
    expect(staff).toContain("Oficines Puig SL");
    expect(staff).toMatch(/^Reply-To: jordi@empresa\.example\r?$/m);
    // The company is told, in the language of the page it wrote from, that its request arrived.
    const [acknowledgement] = mailsAddressedTo("jordi@empresa.example");
    expect(acknowledgement).toContain("Hemos recibido tu solicitud");
    expect(acknowledgement).toContain("/empresas");
  });

  it("takes only the size ranges the form offers", async () => {
    const body = expectErrorShape(await postJson(`${app.api}/company-leads`, { ...lead, employees: "lots" }), 400);
    const paths = (body.error.details as { errors: { path: string[] }[] }).errors.map((error) => error.path[0]);
    expect(paths).toEqual(["employees"]);
  });

  it("requires the company and a valid e-mail", async () => {
    const { company: _company, ...withoutCompany } = lead;
    const body = expectErrorShape(await postJson(`${app.api}/company-leads`, { ...withoutCompany, email: "x@" }), 400);
    const paths = (body.error.details as { errors: { path: string[] }[] }).errors.map((error) => error.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["company", "email"]));
    expect(await app.strapi.db.query(CONTENT_TYPES.companyLead).count({})).toBe(1);
  });

  it("acknowledges the lead in the visitor's language", async () => {
    for (const [locale, words, path] of [
      ["ca", "Hem rebut la teva sol", "/ca/empreses"],
      ["pt", "Recebemos o seu pedido", "/pt/companies"],
    ] as const) {
      const email = `lead-${locale}@empresa.example`;
      const response = await postJson(`${app.api}/company-leads`, { ...lead, company: "Fruita Coop", email, locale });
      expect(response.status).toBe(201);
      const mails = mailsAddressedTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(words);
      expect(mails[0]).toContain(path);
      expect(mails[0]).not.toContain("Hemos recibido");
    }
  });

  it("acknowledges without a word the visitor typed, and once a day per address (not a relay)", async () => {
    const victim = "victim@elsewhere.example";
    const spam = {
      ...lead,
      email: victim,
      name: "Claim your prize",
      company: "Win at evil.example",
      message: "Pay at https://evil.example/pay",
    };
    const before = readOutbox(app.outboxDir).length;
    expect((await postJson(`${app.api}/company-leads`, spam)).status).toBe(201);
    const [acknowledgement, ...more] = mailsAddressedTo(victim);
    expect(more).toHaveLength(0);
    for (const typed of ["Claim your prize", "evil.example", "Pay at"]) expect(acknowledgement).not.toContain(typed);
    // The same address again (from anywhere, in any case): stored and sent to staff, not acknowledged again.
    const again = await postJson<Created>(`${app.api}/company-leads`, { ...spam, email: "Victim@Elsewhere.example" });
    expect(again.status).toBe(201);
    const stored = await app.strapi.db.query(CONTENT_TYPES.companyLead).findOne({ where: { id: again.body.data.id } });
    expect(stored).toMatchObject({ message: "Pay at https://evil.example/pay" });
    expect(readOutbox(app.outboxDir)).toHaveLength(before + 3);
    expect(mailsAddressedTo(victim)).toHaveLength(1);
  });
});

describe("without the demo seed", () => {
  it("starts with an empty catalogue and zero metrics", async () => {
    expect((await getJson(`${app.api}/products/count?isActive=all`)).body).toBe(0);
    expect((await getJson(`${app.api}/utils/reviews`)).body).toEqual([]);
    const metrics = (await getJson<Record<string, { value: number }>>(`${app.api}/utils/metrics`)).body;
    expect(Object.values(metrics).every((metric) => metric.value === 0)).toBe(true);
    expect(Object.keys(metrics)).toHaveLength(6);
  });

  // How long a seed takes is the bench's to say: a limit here failed on a loaded machine, not on a slow seed.
  it("seeds once when two seeds start together", async () => {
    const outcomes = await Promise.all([
      seedDemoData(app.strapi, { enabled: true }),
      seedDemoData(app.strapi, { enabled: true }),
    ]);
    expect(outcomes.sort()).toEqual(["already-seeded", "seeded"]);
    const skus = (await app.strapi.db.query(CONTENT_TYPES.product).findMany({ select: ["SKU"] })) as { SKU: string }[];
    expect(new Set(skus.map((product) => product.SKU)).size).toBe(skus.length);
    expect(skus.length).toBeGreaterThan(40);
  });
});
