import { LOCALES, type Locale } from "@shop/domain";
import { describe, expect, it } from "vitest";
import { CELL_SEPARATOR, renderEmail } from "../src/email/render";
import { TEMPLATE_NAMES, templates } from "../src/email/templates";
import { ORDER_MAIL_SAMPLE, type OrderMailProps } from "../src/email/templates/order-message";

// What the mails say, word for word where a customer met a mistake: headings in the mail's own
// language, plain-text columns kept apart, and the sign-in code kept out of the subject. No Strapi.

/** Amounts as Intl writes them: a no-break space before the euro sign. */
const eur = (amount: string) => `${amount}\u00a0€`;

const ORDER_TEMPLATES = ["orderConfirmation", "orderPaymentFailed", "orderShipped"] as const;

/** The h1 and h2 of a rendered mail, as read. */
function headingsOf(html: string): string[] {
  return [...html.matchAll(/<h[12][^>]*>([\s\S]*?)<\/h[12]>/g)].map(([, inner]) =>
    (inner ?? "")
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;|&#39;/g, "'")
      .trim(),
  );
}

/** Headings that are the same word in Portuguese as in Spanish. */
const SAME_IN_PT_AS_ES = new Set(["Entrega"]);

describe("headings", () => {
  it.each(TEMPLATE_NAMES)("%s: every heading in Catalan and Portuguese is in that language", async (name) => {
    const headings = Object.fromEntries(
      await Promise.all(
        LOCALES.map(async (locale) => [
          locale,
          headingsOf((await renderEmail(name, templates[name].sample, locale)).html),
        ]),
      ),
    ) as Record<Locale, string[]>;
    expect(headings.es.length).toBeGreaterThan(0);
    for (const locale of ["ca", "pt"] as const) {
      expect(headings[locale]).toHaveLength(headings.es.length);
      headings[locale].forEach((heading, index) => {
        if (locale === "pt" && SAME_IN_PT_AS_ES.has(heading)) return;
        expect([locale, heading]).not.toEqual([locale, headings.es[index]]);
      });
    }
  });

  it.each(ORDER_TEMPLATES)("%s: the order's and the delivery's headings and labels, in each language", async (name) => {
    const expected = {
      es: { headings: ["Tu pedido", "Entrega"], slot: "Franja: 09:00–14:00", every: "con cada entrega" },
      ca: { headings: ["La teva comanda", "Lliurament"], slot: "Franja: 09:00–14:00", every: "amb cada lliurament" },
      pt: { headings: ["A sua encomenda", "Entrega"], slot: "Horário: 09:00–14:00", every: "em cada entrega" },
    } as const;
    for (const locale of LOCALES) {
      const { html, text } = await renderEmail(name, templates[name].sample, locale);
      expect(headingsOf(html).slice(1)).toEqual(expected[locale].headings);
      expect(text).toContain(expected[locale].slot);
      expect(text).toContain(expected[locale].every);
    }
  });

  it("the Catalan order mails say lliurament, never the Spanish entrega", async () => {
    for (const name of ORDER_TEMPLATES) {
      const { html, text } = await renderEmail(name, templates[name].sample, "ca");
      expect(`${name}: ${text}`).not.toMatch(/\bentrega\b/i);
      expect(html).not.toMatch(/\bentrega\b/i);
    }
    const { text } = await renderEmail("orderConfirmation", templates.orderConfirmation.sample, "ca");
    expect(text).toContain("És el primer lliurament de la teva subscripció setmanal.");
  });
});

describe("the plain-text part", () => {
  const oneLine = (line: Partial<OrderMailProps["lines"][number]>): OrderMailProps => {
    const base = ORDER_MAIL_SAMPLE.lines[1]!;
    return { ...ORDER_MAIL_SAMPLE, url: "https://shop.example/pedido", lines: [{ ...base, ...line }] };
  };

  it("keeps a line's name and its price apart, with or without details under it", async () => {
    const bare = oneLine({ name: "Aceite de oliva 500 ml", quantity: 2, gross: 822, frequency: null, exclusions: [] });
    const detailed = oneLine({
      name: "Caja mixta 500 ml",
      quantity: 1,
      gross: 2490,
      frequency: null,
      exclusions: ["Coliflor"],
    });
    for (const locale of LOCALES) {
      const { text: bareText } = await renderEmail("orderConfirmation", bare, locale);
      expect(bareText).toContain(`2 × Aceite de oliva 500 ml${CELL_SEPARATOR}${eur("8,22")}`);
      expect(bareText).not.toMatch(/ml\s?8,22/);

      const { text: detailedText } = await renderEmail("orderShipped", detailed, locale);
      expect(detailedText).toContain(`1 × Caja mixta 500 ml${CELL_SEPARATOR}${eur("24,90")}`);
      expect(detailedText).toMatch(/24,90\s€\n+(Sin|Sense|Sem): Coliflor/);
    }
  });

  it("labels and their values stay as written: one space after the colon, no dash", async () => {
    const { text } = await renderEmail("orderConfirmation", templates.orderConfirmation.sample, "es");
    expect(text).toContain(`Total: ${eur("43,11")}`);
    expect(text).toContain("Envío: Gratis");
    expect(text).toContain("Día: viernes, 14 de marzo de 2025");
    expect(text).not.toContain(`:${CELL_SEPARATOR}`);
  });

  it.each(TEMPLATE_NAMES)("%s: no two cells of a row run together", async (name) => {
    for (const locale of LOCALES) {
      const { text } = await renderEmail(name, templates[name].sample, locale);
      // A letter straight before an amount ("500 ml8,22 €"): two cells written as one.
      expect(text).not.toMatch(/\p{L}\d{1,3}(\.\d{3})*,\d{2}\s€/u);
    }
  });
});

describe("the sign-in code", () => {
  it.each(LOCALES)(
    "is in the body of the %s mail, never in its subject (a locked phone shows subjects)",
    async (locale) => {
      const code = "583019";
      const { subject, html, text } = await renderEmail(
        "accountSignInCode",
        { ...templates.accountSignInCode.sample, code },
        locale,
      );
      expect(subject).not.toContain(code);
      expect(subject).not.toMatch(/\d{6}/);
      expect(subject).toBe(
        {
          es: "Tu código para entrar en Imperfecta",
          ca: "El teu codi per entrar a Imperfecta",
          pt: "O seu código para entrar na Imperfecta",
        }[locale],
      );
      expect(text).toMatch(new RegExp(`^${code}$`, "m"));
      expect(html).toContain(code);
      // Nor in the preview line a mail app shows beside the subject.
      const preview = /<div[^>]*display:none[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
      expect(preview).not.toBe("");
      expect(preview).not.toContain(code);
    },
  );
});
