import { describe, expect, it } from "vitest";
import { alternatesOf, matchScreen, MissingRouteParamError, pathTo, toRouterPattern } from "./paths";
import { LOCALES } from "./locales";
import { SCREENS } from "./screens";
import { SCREEN_IDS, type ScreenId } from "./table";

type Row = readonly [ScreenId, es: string, ca: string, pt: string];

// Written out from the specification's section 2 on purpose, not derived from the table.
const SPEC_ROWS: readonly Row[] = [
  ["home", "/", "/ca", "/pt"],
  ["team", "/equipo", "/ca/equip", "/pt/team"],
  ["about", "/historia", "/ca/historia", "/pt/about"],
  ["boxes", "/nuestras-cajas", "/ca/les-nostres-caixes", "/pt/boxes"],
  ["seasonalBoxes", "/cajas-estacionales", "/ca/caixes-estacionals", "/pt/special"],
  ["impact", "/sostenibilidad/impacto", "/ca/sostenibilitat/impacte", "/pt/impact"],
  ["commitment", "/sostenibilidad/compromiso", "/ca/sostenibilitat/compromis", "/pt/commitment"],
  [
    "foodWaste",
    "/sostenibilidad/desperdicio-alimentario",
    "/ca/sostenibilitat/malbaratament-alimentari",
    "/pt/food-waste",
  ],
  ["contact", "/contact", "/ca/contact", "/pt/contact"],
  ["farmers", "/agricultores", "/ca/agricultors", "/pt/farmers"],
  ["newsroom", "/sala-de-prensa", "/ca/sala-de-premsa", "/pt/newsroom"],
  ["whatsInTheBox", "/que-hay-en-la-caja", "/ca/que-hi-ha-a-la-caixa", "/pt/whatinbox"],
  ["referAFriend", "/invita-a-un-amigo", "/ca/invita-a-un-amic", "/pt/referafriend"],
  ["companies", "/empresas", "/ca/empreses", "/pt/companies"],
  ["legalNotice", "/aviso-legal", "/ca/avis-legal", "/pt/legal/notice"],
  ["cookiesPolicy", "/politica-de-cookies", "/ca/politica-de-cookies", "/pt/legal/cookies"],
  ["privacyPolicy", "/politica-de-privacidad", "/ca/politica-de-privacitat", "/pt/legal/privacy"],
  ["termsAndConditions", "/terminos-y-condiciones", "/ca/termes-i-condicions", "/pt/legal/conditions"],
  ["blankPage", "/blank-page", "/ca/blank-page", "/pt/blank-page"],
  ["callback", "/callback", "/ca/callback", "/pt/callback"],
  ["giftCardCreate", "/tarjeta-regalo-digital/crear", "/ca/targeta-regal-digital/crear", "/pt/gift-card/gift-card"],
  [
    "giftCardPaymentCompleted",
    "/gift-card/payment-completed",
    "/ca/gift-card/payment-completed",
    "/pt/gift-card/payment-completed",
  ],
  ["adminGiftCards", "/admin/gift-cards", "/ca/admin/gift-cards", "/pt/admin/gift-cards"],
  ["login", "/iniciar-sesion", "/ca/iniciar-sessio", "/pt/auth/login"],
  ["passwordRecovery", "/recuperar-password", "/ca/recuperar-contrasenya", "/pt/auth/recovery"],
  ["register", "/registro", "/ca/registre", "/pt/auth/register"],
  ["newsletterConfirm", "/newsletter/confirmar", "/ca/newsletter/confirmar", "/pt/newsletter/confirm"],
  ["newsletterUnsubscribe", "/newsletter/baja", "/ca/newsletter/baixa", "/pt/newsletter/unsubscribe"],
  ["newOrder", "/nuevo-pedido", "/ca/nova-comanda", "/pt/nova%20ordem"],
  ["orderPay", "/order/pay", "/ca/order/pay", "/pt/order/pay"],
  ["orderStatus", "/order/status", "/ca/order/status", "/pt/order/status"],
  ["account", "/mi-cuenta", "/ca/el-meu-compte", "/pt/admin"],
  ["profile", "/mi-cuenta/perfil", "/ca/el-meu-compte/perfil", "/pt/admin/profile"],
  ["addPaymentCompleted", "/add-payment-completed", "/ca/add-payment-completed", "/pt/add-payment-completed"],
  ["addPaymentFailed", "/add-payment-failed", "/ca/add-payment-failed", "/pt/add-payment-failed"],
  ["referrals", "/mi-cuenta/referidos", "/ca/el-meu-compte/referits", "/pt/admin/referrals"],
  ["newsletter", "/mi-cuenta/newsletter", "/ca/el-meu-compte/newsletter", "/pt/admin/newsletter"],
  ["orders", "/mi-cuenta/pedidos", "/ca/el-meu-compte/comandes", "/pt/admin/orders"],
  ["subscriptions", "/mi-cuenta/suscripciones", "/ca/el-meu-compte/subscripcions", "/pt/admin/subscriptions"],
];

type ParamRow = readonly [ScreenId, Record<string, string>, es: string, ca: string, pt: string];

const SPEC_PARAM_ROWS: readonly ParamRow[] = [
  [
    "product",
    { slug: "caja-mediana" },
    "/productos/caja-mediana",
    "/ca/productes/caja-mediana",
    "/pt/produtos/caja-mediana",
  ],
  [
    "complementaryProducts",
    { category: "aceites" },
    "/productos-complementarios/aceites",
    "/ca/productes-complementaris/aceites",
    "/pt/complementary-products/aceites",
  ],
  [
    "paymentCompleted",
    { slug: "A-1001" },
    "/payment-completed/A-1001",
    "/ca/payment-completed/A-1001",
    "/pt/payment-completed/A-1001",
  ],
  [
    "paymentFailed",
    { slug: "A-1001" },
    "/payment-failed/A-1001",
    "/ca/payment-failed/A-1001",
    "/pt/payment-failed/A-1001",
  ],
  ["orderDetail", { id: "42" }, "/mi-cuenta/pedidos/42", "/ca/el-meu-compte/comandes/42", "/pt/admin/orders/42"],
  [
    "subscriptionDetail",
    { id: "7" },
    "/mi-cuenta/suscripciones/7",
    "/ca/el-meu-compte/subscripcions/7",
    "/pt/admin/subscriptions/7",
  ],
  [
    "upcomingDeliveries",
    { id: "7" },
    "/mi-cuenta/suscripciones/proximas-entregas/7",
    "/ca/el-meu-compte/subscripcions/properes-entregues/7",
    "/pt/admin/subscriptions/upcoming_orders/7",
  ],
  [
    "connectRedirect",
    { provider: "google" },
    "/connect/google/redirect",
    "/ca/connect/google/redirect",
    "/pt/connect/google/redirect",
  ],
];

describe("route table against the specification", () => {
  it.each(SPEC_ROWS)("%s maps its three paths to itself and back", (id, es, ca, pt) => {
    const expected = { es, ca, pt };
    for (const locale of LOCALES) {
      const match = matchScreen(expected[locale]);
      expect(match, expected[locale]).toMatchObject({ id, locale });
      expect(pathTo(id, locale)).toBe(expected[locale]);
    }
    expect(alternatesOf(id)).toEqual(expected);
  });

  it.each(SPEC_PARAM_ROWS)("%s keeps its parameters in every language", (id, params, es, ca, pt) => {
    const expected = { es, ca, pt };
    for (const locale of LOCALES) {
      expect(matchScreen(expected[locale])).toMatchObject({ id, locale, params });
      expect(pathTo(id, locale, params)).toBe(expected[locale]);
    }
  });

  it("serves the aliases the specification lists, pointing at the same screens", () => {
    expect(matchScreen("/gift-card-payment-completed")).toMatchObject({
      id: "giftCardPaymentCompleted",
      locale: "es",
      canonical: false,
    });
    expect(matchScreen("/ca/gift-card-payment-completed")).toMatchObject({
      id: "giftCardPaymentCompleted",
      locale: "ca",
    });
    expect(matchScreen("/pt/gift-card-payment-completed")).toMatchObject({
      id: "giftCardPaymentCompleted",
      locale: "pt",
    });
    expect(matchScreen("/tarjeta-regalo-digital/pago")).toMatchObject({ id: "giftCardPaymentFailed", locale: "es" });
    expect(matchScreen("/targeta-regal-digital/pagament")).toMatchObject({ id: "giftCardPaymentFailed", locale: "ca" });
    expect(SCREENS.giftCardPaymentFailed.file).toBe(SCREENS.giftCardCreate.file);
  });

  it("shows payment results on the order status screen and payment-method results on the profile screen", () => {
    expect(SCREENS.paymentCompleted.file).toBe(SCREENS.orderStatus.file);
    expect(SCREENS.paymentFailed.file).toBe(SCREENS.orderStatus.file);
    expect(SCREENS.addPaymentCompleted.file).toBe(SCREENS.profile.file);
    expect(SCREENS.addPaymentFailed.file).toBe(SCREENS.profile.file);
  });

  it("makes optional parameters optional", () => {
    expect(matchScreen("/productos-complementarios")).toMatchObject({ id: "complementaryProducts", params: {} });
    expect(matchScreen("/payment-completed")).toMatchObject({ id: "paymentCompleted", params: {} });
    expect(pathTo("complementaryProducts", "ca")).toBe("/ca/productes-complementaris");
  });

  it("matches the percent-encoded Portuguese new-order path and its decoded form", () => {
    expect(matchScreen("/pt/nova%20ordem")).toMatchObject({ id: "newOrder", locale: "pt" });
    expect(matchScreen("/pt/nova ordem")).toMatchObject({ id: "newOrder", locale: "pt" });
    expect(toRouterPattern("/pt/nova%20ordem")).toBe("/pt/nova ordem");
    expect(toRouterPattern("/productos/:slug")).toBe("/productos/:slug");
  });

  it("prefers static segments over parameters", () => {
    expect(matchScreen("/pt/admin/subscriptions/upcoming_orders/9")).toMatchObject({ id: "upcomingDeliveries" });
    expect(matchScreen("/mi-cuenta/suscripciones/proximas-entregas/9")).toMatchObject({ id: "upcomingDeliveries" });
    expect(matchScreen("/pt/admin/gift-cards")).toMatchObject({ id: "adminGiftCards", locale: "pt" });
  });

  it("encodes parameter values and decodes them back", () => {
    const path = pathTo("product", "es", { slug: "piña dulce" });
    expect(path).toBe("/productos/pi%C3%B1a%20dulce");
    expect(matchScreen(path)?.params).toEqual({ slug: "piña dulce" });
  });

  it("rejects unknown paths and malformed encodings instead of throwing", () => {
    expect(matchScreen("/no-existe")).toBeNull();
    expect(matchScreen("/ca/equipo")).toBeNull();
    expect(matchScreen("/productos/%E0%A4%A")).toBeNull();
    expect(matchScreen("/productos/a/b")).toBeNull();
  });

  it("refuses to build a path with a missing required parameter", () => {
    expect(() => pathTo("orderDetail", "es")).toThrow(MissingRouteParamError);
  });

  it("has no two screens answering the same path", () => {
    const seen = new Map<string, string>();
    for (const id of SCREEN_IDS) {
      for (const locale of LOCALES) {
        for (const pattern of SCREENS[id].paths[locale]) {
          const key = toRouterPattern(pattern).replace(/:[^/]+/g, ":");
          expect(seen.get(key), `${pattern} of ${id}`).toBeUndefined();
          seen.set(key, id);
          expect(matchScreen(pattern.replace(/:([a-z]+)\?/g, "x").replace(/:([a-z]+)/g, "x"))?.id).toBe(id);
        }
      }
    }
  });

  it("gives every language path its own prefix, Spanish none", () => {
    for (const id of SCREEN_IDS) {
      expect(SCREENS[id].paths.ca[0].startsWith("/ca")).toBe(true);
      expect(SCREENS[id].paths.pt[0].startsWith("/pt")).toBe(true);
      expect(SCREENS[id].paths.es[0]).not.toMatch(/^\/(ca|pt)(\/|$)/);
    }
  });
});
