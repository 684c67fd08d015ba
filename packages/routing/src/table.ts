import type { Locale } from "./locales";

export type Layout = "default" | "auth" | "admin" | "buy-process" | "none";
export type GuardName = "none" | "auth" | "guest";

/**
 * One screen of the shop. `paths` lists, per language, the URL patterns that show it;
 * the first one is canonical (links, sitemap, language switcher) and the rest are aliases
 * the specification also requires. Patterns are written as they appear in the address bar
 * (percent-encoded) with React Router parameter syntax (`:slug`, `:category?`).
 */
export interface ScreenDefinition {
  readonly layout: Layout;
  readonly guard: GuardName;
  /** Route module, relative to apps/storefront/app. Several screens may share one module. */
  readonly file: string;
  /** Listed in the sitemap and indexable by search engines. */
  readonly indexable: boolean;
  readonly paths: Readonly<Record<Locale, readonly [string, ...string[]]>>;
}

function screen(
  layout: Layout,
  guard: GuardName,
  file: string,
  indexable: boolean,
  paths: Record<Locale, readonly [string, ...string[]]>,
): ScreenDefinition {
  return { layout, guard, file, indexable, paths };
}

/** Same path under each language prefix, for screens whose path the spec does not translate. */
function prefixed(path: string, ...aliases: string[]): Record<Locale, readonly [string, ...string[]]> {
  const under = (prefix: string) => [prefix + path, ...aliases.map((alias) => prefix + alias)] as [string, ...string[]];
  return { es: under(""), ca: under("/ca"), pt: under("/pt") };
}

const PUBLIC = "default" as const;

/** The single source of every path of the storefront (specification, section 2). */
export const SCREENS = {
  home: screen(PUBLIC, "none", "routes/home.tsx", true, { es: ["/"], ca: ["/ca"], pt: ["/pt"] }),
  team: screen(PUBLIC, "none", "routes/team.tsx", true, { es: ["/equipo"], ca: ["/ca/equip"], pt: ["/pt/team"] }),
  about: screen(PUBLIC, "none", "routes/about.tsx", true, {
    es: ["/historia"],
    ca: ["/ca/historia"],
    pt: ["/pt/about"],
  }),
  boxes: screen(PUBLIC, "none", "routes/boxes.tsx", true, {
    es: ["/nuestras-cajas"],
    ca: ["/ca/les-nostres-caixes"],
    pt: ["/pt/boxes"],
  }),
  seasonalBoxes: screen(PUBLIC, "none", "routes/seasonal-boxes.tsx", true, {
    es: ["/cajas-estacionales"],
    ca: ["/ca/caixes-estacionals"],
    pt: ["/pt/special"],
  }),
  impact: screen(PUBLIC, "none", "routes/impact.tsx", true, {
    es: ["/sostenibilidad/impacto"],
    ca: ["/ca/sostenibilitat/impacte"],
    pt: ["/pt/impact"],
  }),
  commitment: screen(PUBLIC, "none", "routes/commitment.tsx", true, {
    es: ["/sostenibilidad/compromiso"],
    ca: ["/ca/sostenibilitat/compromis"],
    pt: ["/pt/commitment"],
  }),
  foodWaste: screen(PUBLIC, "none", "routes/food-waste.tsx", true, {
    es: ["/sostenibilidad/desperdicio-alimentario"],
    ca: ["/ca/sostenibilitat/malbaratament-alimentari"],
    pt: ["/pt/food-waste"],
  }),
  contact: screen(PUBLIC, "none", "routes/contact.tsx", true, prefixed("/contact")),
  farmers: screen(PUBLIC, "none", "routes/farmers.tsx", true, {
    es: ["/agricultores"],
    ca: ["/ca/agricultors"],
    pt: ["/pt/farmers"],
  }),
  newsroom: screen(PUBLIC, "none", "routes/newsroom.tsx", true, {
    es: ["/sala-de-prensa"],
    ca: ["/ca/sala-de-premsa"],
    pt: ["/pt/newsroom"],
  }),
  whatsInTheBox: screen(PUBLIC, "none", "routes/whats-in-the-box.tsx", true, {
    es: ["/que-hay-en-la-caja"],
    ca: ["/ca/que-hi-ha-a-la-caixa"],
    pt: ["/pt/whatinbox"],
  }),
  referAFriend: screen(PUBLIC, "none", "routes/refer-a-friend.tsx", true, {
    es: ["/invita-a-un-amigo"],
    ca: ["/ca/invita-a-un-amic"],
    pt: ["/pt/referafriend"],
  }),
  companies: screen(PUBLIC, "none", "routes/companies.tsx", true, {
    es: ["/empresas"],
    ca: ["/ca/empreses"],
    pt: ["/pt/companies"],
  }),
  product: screen(PUBLIC, "none", "routes/product.tsx", true, {
    es: ["/productos/:slug"],
    ca: ["/ca/productes/:slug"],
    pt: ["/pt/produtos/:slug"],
  }),
  complementaryProducts: screen(PUBLIC, "none", "routes/complementary-products.tsx", true, {
    es: ["/productos-complementarios/:category?"],
    ca: ["/ca/productes-complementaris/:category?"],
    pt: ["/pt/complementary-products/:category?"],
  }),
  legalNotice: screen(PUBLIC, "none", "routes/legal.tsx", true, {
    es: ["/aviso-legal"],
    ca: ["/ca/avis-legal"],
    pt: ["/pt/legal/notice"],
  }),
  cookiesPolicy: screen(PUBLIC, "none", "routes/legal.tsx", true, {
    es: ["/politica-de-cookies"],
    ca: ["/ca/politica-de-cookies"],
    pt: ["/pt/legal/cookies"],
  }),
  privacyPolicy: screen(PUBLIC, "none", "routes/legal.tsx", true, {
    es: ["/politica-de-privacidad"],
    ca: ["/ca/politica-de-privacitat"],
    pt: ["/pt/legal/privacy"],
  }),
  termsAndConditions: screen(PUBLIC, "none", "routes/legal.tsx", true, {
    es: ["/terminos-y-condiciones"],
    ca: ["/ca/termes-i-condicions"],
    pt: ["/pt/legal/conditions"],
  }),

  blankPage: screen("none", "none", "routes/blank-page.tsx", false, prefixed("/blank-page")),
  callback: screen("auth", "none", "routes/callback.tsx", false, prefixed("/callback")),
  connectRedirect: screen(
    "auth",
    "none",
    "routes/connect-redirect.tsx",
    false,
    prefixed("/connect/:provider/redirect"),
  ),

  giftCardCreate: screen(PUBLIC, "none", "routes/gift-card-create.tsx", true, {
    es: ["/tarjeta-regalo-digital/crear"],
    ca: ["/ca/targeta-regal-digital/crear"],
    pt: ["/pt/gift-card/gift-card"],
  }),
  // The specification gives the Catalan failure path without its prefix; it is kept as an alias.
  giftCardPaymentFailed: screen(PUBLIC, "none", "routes/gift-card-create.tsx", false, {
    es: ["/tarjeta-regalo-digital/pago"],
    ca: ["/ca/targeta-regal-digital/pagament", "/targeta-regal-digital/pagament"],
    pt: ["/pt/gift-card/payment-failed"],
  }),
  giftCardPaymentCompleted: screen(
    PUBLIC,
    "none",
    "routes/gift-card-payment-completed.tsx",
    false,
    prefixed("/gift-card/payment-completed", "/gift-card-payment-completed"),
  ),
  adminGiftCards: screen("admin", "auth", "routes/admin-gift-cards.tsx", false, prefixed("/admin/gift-cards")),

  login: screen("auth", "guest", "routes/login.tsx", false, {
    es: ["/iniciar-sesion"],
    ca: ["/ca/iniciar-sessio"],
    pt: ["/pt/auth/login"],
  }),
  passwordRecovery: screen("auth", "guest", "routes/password-recovery.tsx", false, {
    es: ["/recuperar-password"],
    ca: ["/ca/recuperar-contrasenya"],
    pt: ["/pt/auth/recovery"],
  }),

  newOrder: screen("buy-process", "none", "routes/new-order.tsx", true, {
    es: ["/nuevo-pedido"],
    ca: ["/ca/nova-comanda"],
    pt: ["/pt/nova%20ordem"],
  }),
  orderPay: screen("buy-process", "auth", "routes/order-pay.tsx", false, prefixed("/order/pay")),
  orderStatus: screen("buy-process", "auth", "routes/order-status.tsx", false, prefixed("/order/status")),
  paymentCompleted: screen(
    "buy-process",
    "auth",
    "routes/order-status.tsx",
    false,
    prefixed("/payment-completed/:slug?"),
  ),
  paymentFailed: screen("buy-process", "auth", "routes/order-status.tsx", false, prefixed("/payment-failed/:slug?")),

  account: screen("admin", "auth", "routes/account.tsx", false, {
    es: ["/mi-cuenta"],
    ca: ["/ca/el-meu-compte"],
    pt: ["/pt/admin"],
  }),
  profile: screen("admin", "auth", "routes/profile.tsx", false, {
    es: ["/mi-cuenta/perfil"],
    ca: ["/ca/el-meu-compte/perfil"],
    pt: ["/pt/admin/profile"],
  }),
  addPaymentCompleted: screen("admin", "auth", "routes/profile.tsx", false, prefixed("/add-payment-completed")),
  addPaymentFailed: screen("admin", "auth", "routes/profile.tsx", false, prefixed("/add-payment-failed")),
  referrals: screen("admin", "auth", "routes/referrals.tsx", false, {
    es: ["/mi-cuenta/referidos"],
    ca: ["/ca/el-meu-compte/referits"],
    pt: ["/pt/admin/referrals"],
  }),
  newsletter: screen("admin", "auth", "routes/newsletter.tsx", false, {
    es: ["/mi-cuenta/newsletter"],
    ca: ["/ca/el-meu-compte/newsletter"],
    pt: ["/pt/admin/newsletter"],
  }),
  orders: screen("admin", "auth", "routes/orders.tsx", false, {
    es: ["/mi-cuenta/pedidos"],
    ca: ["/ca/el-meu-compte/comandes"],
    pt: ["/pt/admin/orders"],
  }),
  orderDetail: screen("admin", "auth", "routes/order-detail.tsx", false, {
    es: ["/mi-cuenta/pedidos/:id"],
    ca: ["/ca/el-meu-compte/comandes/:id"],
    pt: ["/pt/admin/orders/:id"],
  }),
  subscriptions: screen("admin", "auth", "routes/subscriptions.tsx", false, {
    es: ["/mi-cuenta/suscripciones"],
    ca: ["/ca/el-meu-compte/subscripcions"],
    pt: ["/pt/admin/subscriptions"],
  }),
  subscriptionDetail: screen("admin", "auth", "routes/subscription-detail.tsx", false, {
    es: ["/mi-cuenta/suscripciones/:id"],
    ca: ["/ca/el-meu-compte/subscripcions/:id"],
    pt: ["/pt/admin/subscriptions/:id"],
  }),
  upcomingDeliveries: screen("admin", "auth", "routes/upcoming-deliveries.tsx", false, {
    es: ["/mi-cuenta/suscripciones/proximas-entregas/:id"],
    ca: ["/ca/el-meu-compte/subscripcions/properes-entregues/:id"],
    pt: ["/pt/admin/subscriptions/upcoming_orders/:id"],
  }),
} as const satisfies Record<string, ScreenDefinition>;

export type ScreenId = keyof typeof SCREENS;

export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[];

/** Paths that are not screens: resources the storefront answers itself. */
export const RESOURCE_PATHS = {
  sitemap: "/sitemap.xml",
  robots: "/robots.txt",
  logout: "/logout",
  image: "/img",
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
