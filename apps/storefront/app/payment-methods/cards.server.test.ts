import type { CustomerCard } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { cmsError, json, useFakeCms } from "../../tests/fake-cms";
import { visitOf } from "../../tests/visit";
import { format } from "~/i18n/format";
import { cardsAction, loadCards } from "./cards.server";
import { cardTextsFor } from "./texts";

// The profile's saved cards (docs/decisions/029): the list, the outcome the add-payment pages show
// (what the CMS says of the card, never what the address claims), and the Cards section's forms.

const cms = useFakeCms();

const CARD = "1234AbCd5678";

function cardOf(overrides: Partial<CustomerCard> = {}): CustomerCard {
  return {
    id: CARD,
    provider: "sandbox",
    status: "active",
    brand: "visa",
    last4: "4242",
    expiryMonth: 12,
    expiryYear: 2029,
    isDefault: true,
    failureReason: null,
    createdAt: "2026-11-27T10:00:00.000Z",
    verifiedAt: "2026-11-27T10:00:05.000Z",
    ...overrides,
  };
}

/** The Cards section of a profile page; the list itself comes with the profile's one call (accounts/overview.server). */
const page = (path: string, locale: "es" | "ca" | "pt" = "es", cards = [cardOf()]) =>
  loadCards(visitOf(new Request(`http://shop.test${path}`), { locale }), cards);

function post(fields: Record<string, string>) {
  const request = new Request("http://shop.test/mi-cuenta/perfil", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return cardsAction(visitOf(request));
}

const dataOf = (answer: unknown) => answer as { data: Record<string, unknown>; init: { status?: number } | null };

describe("the Cards section", () => {
  it("shows the profile's cards without an outcome, and without another call", async () => {
    const loaded = await page("/mi-cuenta/perfil");
    expect(loaded.cards).toEqual([cardOf()]);
    expect(loaded.outcome).toBeNull();
    expect(cms.calls).toEqual([]);
  });

  it("on add-payment-completed, says the card is saved only when the CMS has it active", async () => {
    cms.on(`GET /payment-methods/mine/${CARD}`, json({ data: cardOf() }));
    expect((await page(`/add-payment-completed?card=${CARD}`)).outcome).toEqual({
      tone: "done",
      text: "Tarjeta guardada: VISA •••• 4242. Ya puedes usarla en tus suscripciones.",
    });
  });

  it("on add-payment-completed with a card still pending, says it is being confirmed, not saved", async () => {
    cms.on(`GET /payment-methods/mine/${CARD}`, json({ data: cardOf({ status: "pending", isDefault: false }) }));
    const { outcome } = await page(`/pt/add-payment-completed?card=${CARD}`, "pt");
    expect(outcome?.tone).toBe("waiting");
    expect(outcome?.text).toContain("Estamos a confirmar o seu cartão");
  });

  it("on add-payment-failed, gives the real reason; a pending card there was not saved", async () => {
    cms.on(
      `GET /payment-methods/mine/${CARD}`,
      json({ data: cardOf({ status: "failed", failureReason: "declined", isDefault: false }) }),
    );
    expect((await page(`/ca/add-payment-failed?card=${CARD}`, "ca")).outcome).toEqual({
      tone: "problem",
      text: "El banc ha rebutjat la targeta i no l'hem desada. Prova amb una altra.",
    });
    cms.on(`GET /payment-methods/mine/${CARD}`, json({ data: cardOf({ status: "pending" }) }));
    expect((await page(`/add-payment-failed?card=${CARD}`)).outcome?.text).toContain("no la hemos guardado");
  });

  it("an address that names no card of the customer's (or a completed page claiming success) announces nothing saved", async () => {
    cms.on(`GET /payment-methods/mine/${CARD}`, cmsError(404, { name: "NotFoundError" }));
    expect((await page(`/add-payment-completed?card=${CARD}`)).outcome).toEqual({
      tone: "problem",
      text: "No encontramos esa tarjeta en tu cuenta.",
    });
    expect((await page("/add-payment-completed?card=../../users")).outcome?.tone).toBe("problem");
    expect(cms.calls.filter((call) => call.path.includes("users"))).toHaveLength(0);
  });
});

describe("the Cards section's forms", () => {
  it("adding a card sends the browser to the gateway's page (GET) or returns the bank's form (POST)", async () => {
    cms.on(
      "POST /payment-methods/mine/setup",
      json(
        {
          data: cardOf({ status: "pending" }),
          payment: { method: "GET", url: "https://checkout.stripe.com/c/pay/cs_test_1", fields: {} },
        },
        201,
      ),
    );
    const redirected = (await post({ intent: "addCard" })) as Response;
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get("Location")).toBe("https://checkout.stripe.com/c/pay/cs_test_1");
    // The outcome page comes back in the page's language, not the account's preferred one.
    expect(cms.callsTo("POST /payment-methods/mine/setup").map((call) => call.body)).toEqual([{ locale: "es" }]);

    const fields = { Ds_MerchantParameters: "e30=", Ds_Signature: "sig", Ds_SignatureVersion: "HMAC_SHA256_V1" };
    cms.on(
      "POST /payment-methods/mine/setup",
      json(
        {
          data: cardOf({ status: "pending" }),
          payment: { method: "POST", url: "https://sis-t.redsys.es:25443/sis/realizarPago", fields },
        },
        201,
      ),
    );
    expect(await post({ intent: "addCard" })).toMatchObject({
      cardPaymentForm: { payment: { method: "POST", fields }, texts: { button: "Ir a la página del banco" } },
    });
  });

  it("makes a card the default, and shows a refused removal next to its card", async () => {
    cms.on(`POST /payment-methods/mine/${CARD}/default`, json({ ok: true }));
    expect(await post({ intent: "defaultCard", card: CARD })).toEqual({ cardDone: "defaultChanged" });

    cms.on(
      `DELETE /payment-methods/mine/${CARD}`,
      cmsError(409, { message: "A subscription pays with this card", details: { code: "card_in_use" } }),
    );
    const refused = dataOf(await post({ intent: "removeCard", card: CARD }));
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toEqual({
      cardRefusal: {
        card: CARD,
        text: "Una suscripción se cobra con esta tarjeta. Elige otra tarjeta para la suscripción antes de quitar esta.",
      },
    });

    cms.on(`DELETE /payment-methods/mine/${CARD}`, json({ ok: true }));
    expect(await post({ intent: "removeCard", card: CARD })).toEqual({ cardDone: "removed" });
  });

  it("never sends the browser to a page the shop does not know as a payment page", async () => {
    cms.on(
      "POST /payment-methods/mine/setup",
      json(
        {
          data: cardOf({ status: "pending" }),
          payment: { method: "GET", url: "https://evil.example/bank", fields: {} },
        },
        201,
      ),
    );
    const refused = dataOf(await post({ intent: "addCard" }));
    expect(refused.init?.status).toBe(503);
  });

  it("refuses a card id that is not one, asking the CMS nothing", async () => {
    const refused = dataOf(await post({ intent: "removeCard", card: "../users/me" }));
    expect(refused.init?.status).toBe(400);
    expect(cms.calls).toHaveLength(0);
  });
});

describe("the Cards section's button names", () => {
  it("start with the words the button shows, in every language (axe: label-content-name-mismatch)", () => {
    for (const locale of ["es", "ca", "pt"] as const) {
      const texts = cardTextsFor(locale);
      expect(format(texts.makeDefaultLabel, { last4: "4242" }).startsWith(texts.makeDefault), locale).toBe(true);
      expect(format(texts.removeLabel, { last4: "4242" }).startsWith(texts.remove), locale).toBe(true);
    }
  });
});
