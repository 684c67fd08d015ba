import type { Core } from "@strapi/strapi";
import { ORDER_ERROR_CODES } from "@shop/contracts";
import { isLocale, LOCALE_TAGS, LOCALES, type Locale } from "@shop/domain";
import { describe, expect, it, vi } from "vitest";
import { renderEmail } from "../src/email/render";
import { sendEmail } from "../src/email/send";
import { TEMPLATE_NAMES, templates, type TemplateName, type TemplateProps } from "../src/email/templates";

// Renders every template of src/email/templates in every language, with its sample props: no Strapi.

/** Words each template says in one language only: a missing or copied translation fails here. */
const OWN_WORDS = {
  staffContactMessage: {
    es: "Nuevo mensaje del formulario de contacto",
    ca: "Nou missatge del formulari de contacte",
    pt: "Nova mensagem do formulário de contacto",
  },
  staffCompanyLead: { es: "Nueva solicitud", ca: "Nova sol·licitud", pt: "Novo pedido" },
  staffRenewalNeedsChange: {
    es: "Una renovación no se ha podido pedir",
    ca: "Obre la subscripció al tauler",
    pt: "Uma renovação não pôde ser encomendada",
  },
  accountConfirmEmail: { es: "Confirma tu correo", ca: "Confirma el teu correu", pt: "Confirme o seu e-mail" },
  accountResetPassword: {
    es: "Elegir una contraseña nueva",
    ca: "Triar una contrasenya nova",
    pt: "Escolher uma nova palavra-passe",
  },
  accountSignInCode: { es: "Tu código para entrar", ca: "El teu codi per entrar", pt: "O seu código para entrar" },
  accountPasswordChanged: {
    es: "Tu contraseña ha cambiado",
    ca: "La teva contrasenya ha canviat",
    pt: "A sua palavra-passe foi alterada",
  },
  accountWelcome: { es: "Te damos la bienvenida", ca: "Et donem la benvinguda", pt: "Damos-lhe as boas-vindas" },
  accountDeleted: {
    es: "tus sesiones abiertas",
    ca: "les teves sessions obertes",
    pt: "as suas sessões abertas",
  },
  newsletterConfirm: {
    es: "Confirma tu suscripción",
    ca: "Confirma la teva subscripció",
    pt: "Confirme a sua subscrição",
  },
  newsletterWelcome: { es: "Ya estás en la lista", ca: "Ja ets a la llista", pt: "Já está na lista" },
  orderConfirmation: {
    es: "tu pedido está confirmado",
    ca: "la teva comanda està confirmada",
    pt: "a sua encomenda está confirmada",
  },
  orderPaymentFailed: {
    es: "Intentar el pago de nuevo",
    ca: "Tornar a provar el pagament",
    pt: "Tentar pagar de novo",
  },
  orderShipped: {
    es: "Tu pedido va de camino",
    ca: "La teva comanda és de camí",
    pt: "A sua encomenda está a caminho",
  },
  orderRefunded: { es: "Ver mi pedido", ca: "Veure la meva comanda", pt: "Ver a minha encomenda" },
  orderChanged: { es: "Tu pedido ha cambiado", ca: "La teva comanda ha canviat", pt: "A sua encomenda foi alterada" },
  orderInvoice: { es: "Aquí tienes tu factura", ca: "Aquí tens la teva factura", pt: "Aqui tem a sua fatura" },
  cardExpiring: { es: "Añadir una tarjeta", ca: "Afegir una targeta", pt: "Adicionar um cartão" },
  giftCardRecipient: { es: "Hacer un pedido", ca: "Fer una comanda", pt: "Fazer uma encomenda" },
  subscriptionChanged: {
    es: "Ver mi suscripción",
    ca: "Veure la meva subscripció",
    pt: "Ver a minha subscrição",
  },
  subscriptionGift: { es: "Conocer Imperfecta", ca: "Conèixer Imperfecta", pt: "Conhecer a Imperfecta" },
  subscriptionRenewal: { es: "Pagar la caja", ca: "Pagar la caixa", pt: "Pagar a caixa" },
  subscriptionPriceNotice: {
    es: "Cada entrega pasa de",
    ca: "Cada lliurament passa de",
    pt: "Cada entrega passa de",
  },
  giftCardReceipt: { es: "Importe pagado", ca: "Import pagat", pt: "Montante pago" },
  companyLeadReceived: {
    es: "Ver la oferta para empresas",
    ca: "oferta per a empreses",
    pt: "Ver a oferta para empresas",
  },
} as const satisfies Record<TemplateName, Record<Locale, string>>;

/** The layout's tagline, in the footer of every mail. */
const TAGLINES = {
  es: "Fruta y verdura rescatada",
  ca: "Fruita i verdura rescatada",
  pt: "Fruta e legumes resgatados",
} as const satisfies Record<Locale, string>;

const HOSTILE = '<a href="https://evil.example">Pay here</a><script>alert(1)</script>';

const cases = TEMPLATE_NAMES.flatMap((name) => LOCALES.map((locale) => ({ name, locale })));

describe("every template in every language", () => {
  it("covers the registry", () => {
    expect(TEMPLATE_NAMES.length).toBeGreaterThan(0);
    expect(cases).toHaveLength(TEMPLATE_NAMES.length * LOCALES.length);
  });

  it.each(cases)("$name in $locale: subject, HTML and plain text", async ({ name, locale }) => {
    const { subject, html, text } = await renderEmail(name, templates[name].sample, locale);

    expect(subject.trim()).not.toBe("");
    expect(subject).not.toMatch(/[\r\n]/);

    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain(`lang="${LOCALE_TAGS[locale]}"`);
    expect(html).toContain("<table");
    expect(html).toContain('role="presentation"');
    expect(html).toContain('style="');
    // Inline styles only: many clients drop <style> blocks and external sheets.
    expect(html).not.toMatch(/<style|<link|class="/);
    expect(html).toContain("Imperfecta");

    expect(text.trim()).not.toBe("");
    expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(text).toContain("Imperfecta");

    // The language's own words, in both parts; no other language's.
    expect(html).toContain(OWN_WORDS[name][locale]);
    expect(text.toLowerCase()).toContain(OWN_WORDS[name][locale].toLowerCase());
    expect(html).toContain(TAGLINES[locale]);
    expect(text).toContain(TAGLINES[locale]);
    for (const other of LOCALES.filter((each) => each !== locale)) {
      expect(html).not.toContain(OWN_WORDS[name][other]);
      expect(html).not.toContain(TAGLINES[other]);
    }
  });

  it.each(cases)("$name in $locale: what a visitor typed is escaped in HTML", async ({ name, locale }) => {
    // Every text prop hostile (a language code stays: the templates look its name up).
    const hostile = Object.fromEntries(
      Object.entries(templates[name].sample).map(([key, value]) => [
        key,
        typeof value === "string" && !isLocale(value) ? HOSTILE : value,
      ]),
    ) as TemplateProps[typeof name];
    const { html, text } = await renderEmail(name, hostile, locale);

    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;a href=&quot;https://evil.example&quot;&gt;Pay here&lt;/a&gt;");
    expect(html).not.toContain("<script");
    expect(html).not.toContain('<a href="https://evil.example"');
    // The plain-text part carries the text as typed: harmless there.
    expect(text).toContain(HOSTILE);
  });
});

describe("staff's mail of a renewal that needs a change", () => {
  const codes = ORDER_ERROR_CODES.flatMap((code) => LOCALES.map((locale) => ({ code, locale })));

  // Any refusal of the order flow's pricing but a 503 reaches this mail (src/subscriptions/renewals).
  it.each(codes)("words $code in $locale: staff never read the raw code", async ({ code, locale }) => {
    const sample = templates.staffRenewalNeedsChange.sample;
    const { subject, html, text } = await renderEmail("staffRenewalNeedsChange", { ...sample, reason: code }, locale);
    for (const part of [subject, html, text]) expect(part).not.toContain(code);
  });

  it("says the delivery is still tried until packing begins, and what happens then", async () => {
    const { text } = await renderEmail("staffRenewalNeedsChange", templates.staffRenewalNeedsChange.sample, "es");
    expect(text).toContain("todavía no se ha podido convertir en pedido");
    expect(text).toContain("la entrega sigue abierta hasta que empiece el empaquetado");
    expect(text).toContain("Si al empezar el empaquetado sigue igual, ya no se pedirá ni se cobrará.");
  });
});

describe("sendEmail", () => {
  function fakeStrapi() {
    const send = vi.fn<(options: Record<string, unknown>) => Promise<void>>(async () => undefined);
    const strapi = { plugin: () => ({ service: () => ({ send }) }) } as unknown as Core.Strapi;
    return { strapi, send };
  }

  it("renders the template in the recipient's language and hands both parts to the email plugin", async () => {
    const { strapi, send } = fakeStrapi();
    await sendEmail(strapi, {
      template: "staffCompanyLead",
      props: templates.staffCompanyLead.sample,
      to: "equipo@example.com",
      locale: "ca",
      replyTo: "jordi@empresa.example",
    });
    expect(send).toHaveBeenCalledTimes(1);
    const options = send.mock.calls[0]?.[0] ?? {};
    expect(options).toMatchObject({
      to: "equipo@example.com",
      replyTo: "jordi@empresa.example",
      subject: "Empreses: Oficines Puig SL (Jordi Puig)",
    });
    expect(options.html).toEqual(expect.stringContaining("Nova sol·licitud"));
    expect(options.text).toEqual(expect.stringContaining("Treballadors: 51-200"));
  });

  it("hands extra header fields to the plugin, and refuses one that could start another field", async () => {
    const { strapi, send } = fakeStrapi();
    const message = {
      template: "newsletterWelcome" as const,
      props: templates.newsletterWelcome.sample,
      to: "ana@example.com",
      locale: "es" as const,
    };
    const headers = { "List-Unsubscribe": "<https://shop.example/newsletter/baja?token=a.b>" };
    await sendEmail(strapi, { ...message, headers });
    expect(send.mock.calls[0]?.[0]).toMatchObject({ headers });
    const refused: Record<string, string>[] = [
      { "List-Unsubscribe": "<x>\r\nBcc: all@example.com" },
      { "Bad Name": "x" },
    ];
    for (const bad of refused) {
      await expect(sendEmail(strapi, { ...message, headers: bad })).rejects.toThrow(/header/);
    }
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("leaves the reply-to address to the plugin's default when none is given", async () => {
    const { strapi, send } = fakeStrapi();
    await sendEmail(strapi, {
      template: "staffContactMessage",
      props: templates.staffContactMessage.sample,
      to: "equipo@example.com",
      locale: "es",
    });
    expect(send.mock.calls[0]?.[0]).not.toHaveProperty("replyTo");
  });
});
