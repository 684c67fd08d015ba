import type { Locale } from "./locales";

export type Layout = "default" | "auth" | "admin" | "buy-process" | "none";
export type GuardName = "none" | "auth" | "guest";

/**
 * The URL patterns that show a screen, per language; the first one is canonical (links, sitemap,
 * language switcher) and the rest are aliases the specification also requires. Patterns are written
 * as they appear in the address bar (percent-encoded) with React Router parameter syntax (`:slug`,
 * `:category?`).
 */
export type ScreenPaths = Readonly<Record<Locale, readonly [string, ...string[]]>>;

/** Same path under each language prefix, for screens whose path the spec does not translate. */
function prefixed(path: string, ...aliases: string[]): Record<Locale, readonly [string, ...string[]]> {
  const under = (prefix: string) => [prefix + path, ...aliases.map((alias) => prefix + alias)] as [string, ...string[]];
  return { es: under(""), ca: under("/ca"), pt: under("/pt") };
}

/**
 * The single source of every path of the storefront (specification, section 2), one entry per
 * screen. Links need nothing else, so this is all of the table the browser downloads; how the
 * server serves each screen (layout, guard, route module, indexing) is in `screens.ts`.
 */
export const SCREEN_PATHS = {
  home: { es: ["/"], ca: ["/ca"], pt: ["/pt"] },
  team: { es: ["/equipo"], ca: ["/ca/equip"], pt: ["/pt/team"] },
  about: {
    es: ["/historia"],
    ca: ["/ca/historia"],
    pt: ["/pt/about"],
  },
  boxes: {
    es: ["/nuestras-cajas"],
    ca: ["/ca/les-nostres-caixes"],
    pt: ["/pt/boxes"],
  },
  seasonalBoxes: {
    es: ["/cajas-estacionales"],
    ca: ["/ca/caixes-estacionals"],
    pt: ["/pt/special"],
  },
  impact: {
    es: ["/sostenibilidad/impacto"],
    ca: ["/ca/sostenibilitat/impacte"],
    pt: ["/pt/impact"],
  },
  commitment: {
    es: ["/sostenibilidad/compromiso"],
    ca: ["/ca/sostenibilitat/compromis"],
    pt: ["/pt/commitment"],
  },
  foodWaste: {
    es: ["/sostenibilidad/desperdicio-alimentario"],
    ca: ["/ca/sostenibilitat/malbaratament-alimentari"],
    pt: ["/pt/food-waste"],
  },
  contact: prefixed("/contact"),
  farmers: {
    es: ["/agricultores"],
    ca: ["/ca/agricultors"],
    pt: ["/pt/farmers"],
  },
  newsroom: {
    es: ["/sala-de-prensa"],
    ca: ["/ca/sala-de-premsa"],
    pt: ["/pt/newsroom"],
  },
  whatsInTheBox: {
    es: ["/que-hay-en-la-caja"],
    ca: ["/ca/que-hi-ha-a-la-caixa"],
    pt: ["/pt/whatinbox"],
  },
  referAFriend: {
    es: ["/invita-a-un-amigo"],
    ca: ["/ca/invita-a-un-amic"],
    pt: ["/pt/referafriend"],
  },
  companies: {
    es: ["/empresas"],
    ca: ["/ca/empreses"],
    pt: ["/pt/companies"],
  },
  product: {
    es: ["/productos/:slug"],
    ca: ["/ca/productes/:slug"],
    pt: ["/pt/produtos/:slug"],
  },
  complementaryProducts: {
    es: ["/productos-complementarios/:category?"],
    ca: ["/ca/productes-complementaris/:category?"],
    pt: ["/pt/complementary-products/:category?"],
  },
  legalNotice: {
    es: ["/aviso-legal"],
    ca: ["/ca/avis-legal"],
    pt: ["/pt/legal/notice"],
  },
  cookiesPolicy: {
    es: ["/politica-de-cookies"],
    ca: ["/ca/politica-de-cookies"],
    pt: ["/pt/legal/cookies"],
  },
  privacyPolicy: {
    es: ["/politica-de-privacidad"],
    ca: ["/ca/politica-de-privacitat"],
    pt: ["/pt/legal/privacy"],
  },
  termsAndConditions: {
    es: ["/terminos-y-condiciones"],
    ca: ["/ca/termes-i-condicions"],
    pt: ["/pt/legal/conditions"],
  },

  blankPage: prefixed("/blank-page"),
  callback: prefixed("/callback"),
  connectRedirect: prefixed("/connect/:provider/redirect"),

  giftCardCreate: {
    es: ["/tarjeta-regalo-digital/crear"],
    ca: ["/ca/targeta-regal-digital/crear"],
    pt: ["/pt/gift-card/gift-card"],
  },
  // The specification gives the Catalan failure path without its prefix; it is kept as an alias.
  giftCardPaymentFailed: {
    es: ["/tarjeta-regalo-digital/pago"],
    ca: ["/ca/targeta-regal-digital/pagament", "/targeta-regal-digital/pagament"],
    pt: ["/pt/gift-card/payment-failed"],
  },
  giftCardPaymentCompleted: prefixed("/gift-card/payment-completed", "/gift-card-payment-completed"),
  adminGiftCards: prefixed("/admin/gift-cards"),

  login: {
    es: ["/iniciar-sesion"],
    ca: ["/ca/iniciar-sessio"],
    pt: ["/pt/auth/login"],
  },
  passwordRecovery: {
    es: ["/recuperar-password"],
    ca: ["/ca/recuperar-contrasenya"],
    pt: ["/pt/auth/recovery"],
  },
  // Not in the specification's table, which has no registration screen (docs/decisions/014).
  register: {
    es: ["/registro"],
    ca: ["/ca/registre"],
    pt: ["/pt/auth/register"],
  },
  // Where the newsletter's e-mails lead (docs/decisions/013, 014): open to visitors without an account.
  newsletterConfirm: {
    es: ["/newsletter/confirmar"],
    ca: ["/ca/newsletter/confirmar"],
    pt: ["/pt/newsletter/confirm"],
  },
  newsletterUnsubscribe: {
    es: ["/newsletter/baja"],
    ca: ["/ca/newsletter/baixa"],
    pt: ["/pt/newsletter/unsubscribe"],
  },

  newOrder: {
    es: ["/nuevo-pedido"],
    ca: ["/ca/nova-comanda"],
    pt: ["/pt/nova%20ordem"],
  },
  orderPay: prefixed("/order/pay"),
  orderStatus: prefixed("/order/status"),
  paymentCompleted: prefixed("/payment-completed/:slug?"),
  paymentFailed: prefixed("/payment-failed/:slug?"),

  account: {
    es: ["/mi-cuenta"],
    ca: ["/ca/el-meu-compte"],
    pt: ["/pt/admin"],
  },
  profile: {
    es: ["/mi-cuenta/perfil"],
    ca: ["/ca/el-meu-compte/perfil"],
    pt: ["/pt/admin/profile"],
  },
  addPaymentCompleted: prefixed("/add-payment-completed"),
  addPaymentFailed: prefixed("/add-payment-failed"),
  referrals: {
    es: ["/mi-cuenta/referidos"],
    ca: ["/ca/el-meu-compte/referits"],
    pt: ["/pt/admin/referrals"],
  },
  newsletter: {
    es: ["/mi-cuenta/newsletter"],
    ca: ["/ca/el-meu-compte/newsletter"],
    pt: ["/pt/admin/newsletter"],
  },
  orders: {
    es: ["/mi-cuenta/pedidos"],
    ca: ["/ca/el-meu-compte/comandes"],
    pt: ["/pt/admin/orders"],
  },
  orderDetail: {
    es: ["/mi-cuenta/pedidos/:id"],
    ca: ["/ca/el-meu-compte/comandes/:id"],
    pt: ["/pt/admin/orders/:id"],
  },
  subscriptions: {
    es: ["/mi-cuenta/suscripciones"],
    ca: ["/ca/el-meu-compte/subscripcions"],
    pt: ["/pt/admin/subscriptions"],
  },
  subscriptionDetail: {
    es: ["/mi-cuenta/suscripciones/:id"],
    ca: ["/ca/el-meu-compte/subscripcions/:id"],
    pt: ["/pt/admin/subscriptions/:id"],
  },
  upcomingDeliveries: {
    es: ["/mi-cuenta/suscripciones/proximas-entregas/:id"],
    ca: ["/ca/el-meu-compte/subscripcions/properes-entregues/:id"],
    pt: ["/pt/admin/subscriptions/upcoming_orders/:id"],
  },
} as const satisfies Record<string, ScreenPaths>;

export type ScreenId = keyof typeof SCREEN_PATHS;

export const SCREEN_IDS = Object.keys(SCREEN_PATHS) as ScreenId[];

/** Paths that are not screens: resources the storefront answers itself. */
export const RESOURCE_PATHS = {
  sitemap: "/sitemap.xml",
  robots: "/robots.txt",
  logout: "/logout",
  image: "/img",
  /** The footer's newsletter signup (a visitor's address, sent to the CMS for double opt-in). */
  newsletterSignup: "/newsletter",
  /** A signed-in customer's copy of their data, downloaded as JSON. */
  accountData: "/account-data",
  /** A gift card's balance by its code, asked by the gift card page's form (no account). */
  giftCardBalance: "/gift-card-balance",
  /** A signed-in customer's invoice of one of their orders, as a PDF (docs/decisions/039). */
  invoice: "/invoices/:number",
} as const;

/** Requests under this prefix are proxied to the CMS with the prefix removed. */
export const API_PREFIX = "/api";

/** Query parameters that survive in canonical URLs (specification, section 5). */
export const CANONICAL_QUERY_PARAMS = ["page"] as const;

/** The five links of the error page (specification, section 2: home, admin, order, boxes, about). */
export const ERROR_PAGE_LINKS = [
  "home",
  "account",
  "newOrder",
  "boxes",
  "about",
] as const satisfies readonly ScreenId[];
