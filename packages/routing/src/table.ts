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
  options: Omit<ScreenDefinition, "paths">,
  paths: Record<Locale, readonly [string, ...string[]]>,
): ScreenDefinition {
  return { ...options, paths };
}

/** Same path under each language prefix, for screens whose path the spec does not translate. */
function prefixed(path: string, ...aliases: string[]): Record<Locale, readonly [string, ...string[]]> {
  const under = (prefix: string) => [prefix + path, ...aliases.map((alias) => prefix + alias)] as [string, ...string[]];
  return { es: under(""), ca: under("/ca"), pt: under("/pt") };
}

const PUBLIC = "default" as const;

/** The single source of every path of the storefront (specification, section 2). */
export const SCREENS = {
  home: screen(
    { layout: PUBLIC, guard: "none", file: "routes/home.tsx", indexable: true },
    { es: ["/"], ca: ["/ca"], pt: ["/pt"] },
  ),
  team: screen(
    { layout: PUBLIC, guard: "none", file: "routes/team.tsx", indexable: true },
    { es: ["/equipo"], ca: ["/ca/equip"], pt: ["/pt/team"] },
  ),
  about: screen(
    { layout: PUBLIC, guard: "none", file: "routes/about.tsx", indexable: true },
    {
      es: ["/historia"],
      ca: ["/ca/historia"],
      pt: ["/pt/about"],
    },
  ),
  boxes: screen(
    { layout: PUBLIC, guard: "none", file: "routes/boxes.tsx", indexable: true },
    {
      es: ["/nuestras-cajas"],
      ca: ["/ca/les-nostres-caixes"],
      pt: ["/pt/boxes"],
    },
  ),
  seasonalBoxes: screen(
    { layout: PUBLIC, guard: "none", file: "routes/seasonal-boxes.tsx", indexable: true },
    {
      es: ["/cajas-estacionales"],
      ca: ["/ca/caixes-estacionals"],
      pt: ["/pt/special"],
    },
  ),
  impact: screen(
    { layout: PUBLIC, guard: "none", file: "routes/impact.tsx", indexable: true },
    {
      es: ["/sostenibilidad/impacto"],
      ca: ["/ca/sostenibilitat/impacte"],
      pt: ["/pt/impact"],
    },
  ),
  commitment: screen(
    { layout: PUBLIC, guard: "none", file: "routes/commitment.tsx", indexable: true },
    {
      es: ["/sostenibilidad/compromiso"],
      ca: ["/ca/sostenibilitat/compromis"],
      pt: ["/pt/commitment"],
    },
  ),
  foodWaste: screen(
    { layout: PUBLIC, guard: "none", file: "routes/food-waste.tsx", indexable: true },
    {
      es: ["/sostenibilidad/desperdicio-alimentario"],
      ca: ["/ca/sostenibilitat/malbaratament-alimentari"],
      pt: ["/pt/food-waste"],
    },
  ),
  contact: screen({ layout: PUBLIC, guard: "none", file: "routes/contact.tsx", indexable: true }, prefixed("/contact")),
  farmers: screen(
    { layout: PUBLIC, guard: "none", file: "routes/farmers.tsx", indexable: true },
    {
      es: ["/agricultores"],
      ca: ["/ca/agricultors"],
      pt: ["/pt/farmers"],
    },
  ),
  newsroom: screen(
    { layout: PUBLIC, guard: "none", file: "routes/newsroom.tsx", indexable: true },
    {
      es: ["/sala-de-prensa"],
      ca: ["/ca/sala-de-premsa"],
      pt: ["/pt/newsroom"],
    },
  ),
  whatsInTheBox: screen(
    { layout: PUBLIC, guard: "none", file: "routes/whats-in-the-box.tsx", indexable: true },
    {
      es: ["/que-hay-en-la-caja"],
      ca: ["/ca/que-hi-ha-a-la-caixa"],
      pt: ["/pt/whatinbox"],
    },
  ),
  referAFriend: screen(
    { layout: PUBLIC, guard: "none", file: "routes/refer-a-friend.tsx", indexable: true },
    {
      es: ["/invita-a-un-amigo"],
      ca: ["/ca/invita-a-un-amic"],
      pt: ["/pt/referafriend"],
    },
  ),
  companies: screen(
    { layout: PUBLIC, guard: "none", file: "routes/companies.tsx", indexable: true },
    {
      es: ["/empresas"],
      ca: ["/ca/empreses"],
      pt: ["/pt/companies"],
    },
  ),
  product: screen(
    { layout: PUBLIC, guard: "none", file: "routes/product.tsx", indexable: true },
    {
      es: ["/productos/:slug"],
      ca: ["/ca/productes/:slug"],
      pt: ["/pt/produtos/:slug"],
    },
  ),
  complementaryProducts: screen(
    { layout: PUBLIC, guard: "none", file: "routes/complementary-products.tsx", indexable: true },
    {
      es: ["/productos-complementarios/:category?"],
      ca: ["/ca/productes-complementaris/:category?"],
      pt: ["/pt/complementary-products/:category?"],
    },
  ),
  legalNotice: screen(
    { layout: PUBLIC, guard: "none", file: "routes/legal.tsx", indexable: true },
    {
      es: ["/aviso-legal"],
      ca: ["/ca/avis-legal"],
      pt: ["/pt/legal/notice"],
    },
  ),
  cookiesPolicy: screen(
    { layout: PUBLIC, guard: "none", file: "routes/legal.tsx", indexable: true },
    {
      es: ["/politica-de-cookies"],
      ca: ["/ca/politica-de-cookies"],
      pt: ["/pt/legal/cookies"],
    },
  ),
  privacyPolicy: screen(
    { layout: PUBLIC, guard: "none", file: "routes/legal.tsx", indexable: true },
    {
      es: ["/politica-de-privacidad"],
      ca: ["/ca/politica-de-privacitat"],
      pt: ["/pt/legal/privacy"],
    },
  ),
  termsAndConditions: screen(
    { layout: PUBLIC, guard: "none", file: "routes/legal.tsx", indexable: true },
    {
      es: ["/terminos-y-condiciones"],
      ca: ["/ca/termes-i-condicions"],
      pt: ["/pt/legal/conditions"],
    },
  ),

  blankPage: screen(
    { layout: "none", guard: "none", file: "routes/blank-page.tsx", indexable: false },
    prefixed("/blank-page"),
  ),
  callback: screen(
    { layout: "auth", guard: "none", file: "routes/callback.tsx", indexable: false },
    prefixed("/callback"),
  ),
  connectRedirect: screen(
    { layout: "auth", guard: "none", file: "routes/connect-redirect.tsx", indexable: false },
    prefixed("/connect/:provider/redirect"),
  ),

  giftCardCreate: screen(
    { layout: PUBLIC, guard: "none", file: "routes/gift-card-create.tsx", indexable: true },
    {
      es: ["/tarjeta-regalo-digital/crear"],
      ca: ["/ca/targeta-regal-digital/crear"],
      pt: ["/pt/gift-card/gift-card"],
    },
  ),
  // The specification gives the Catalan failure path without its prefix; it is kept as an alias.
  giftCardPaymentFailed: screen(
    { layout: PUBLIC, guard: "none", file: "routes/gift-card-create.tsx", indexable: false },
    {
      es: ["/tarjeta-regalo-digital/pago"],
      ca: ["/ca/targeta-regal-digital/pagament", "/targeta-regal-digital/pagament"],
      pt: ["/pt/gift-card/payment-failed"],
    },
  ),
  giftCardPaymentCompleted: screen(
    { layout: PUBLIC, guard: "none", file: "routes/gift-card-payment-completed.tsx", indexable: false },
    prefixed("/gift-card/payment-completed", "/gift-card-payment-completed"),
  ),
  adminGiftCards: screen(
    { layout: "admin", guard: "auth", file: "routes/admin-gift-cards.tsx", indexable: false },
    prefixed("/admin/gift-cards"),
  ),

  login: screen(
    { layout: "auth", guard: "guest", file: "routes/login.tsx", indexable: false },
    {
      es: ["/iniciar-sesion"],
      ca: ["/ca/iniciar-sessio"],
      pt: ["/pt/auth/login"],
    },
  ),
  passwordRecovery: screen(
    { layout: "auth", guard: "guest", file: "routes/password-recovery.tsx", indexable: false },
    {
      es: ["/recuperar-password"],
      ca: ["/ca/recuperar-contrasenya"],
      pt: ["/pt/auth/recovery"],
    },
  ),

  newOrder: screen(
    { layout: "buy-process", guard: "none", file: "routes/new-order.tsx", indexable: true },
    {
      es: ["/nuevo-pedido"],
      ca: ["/ca/nova-comanda"],
      pt: ["/pt/nova%20ordem"],
    },
  ),
  orderPay: screen(
    { layout: "buy-process", guard: "auth", file: "routes/order-pay.tsx", indexable: false },
    prefixed("/order/pay"),
  ),
  orderStatus: screen(
    { layout: "buy-process", guard: "auth", file: "routes/order-status.tsx", indexable: false },
    prefixed("/order/status"),
  ),
  paymentCompleted: screen(
    { layout: "buy-process", guard: "auth", file: "routes/order-status.tsx", indexable: false },
    prefixed("/payment-completed/:slug?"),
  ),
  paymentFailed: screen(
    { layout: "buy-process", guard: "auth", file: "routes/order-status.tsx", indexable: false },
    prefixed("/payment-failed/:slug?"),
  ),

  account: screen(
    { layout: "admin", guard: "auth", file: "routes/account.tsx", indexable: false },
    {
      es: ["/mi-cuenta"],
      ca: ["/ca/el-meu-compte"],
      pt: ["/pt/admin"],
    },
  ),
  profile: screen(
    { layout: "admin", guard: "auth", file: "routes/profile.tsx", indexable: false },
    {
      es: ["/mi-cuenta/perfil"],
      ca: ["/ca/el-meu-compte/perfil"],
      pt: ["/pt/admin/profile"],
    },
  ),
  addPaymentCompleted: screen(
    { layout: "admin", guard: "auth", file: "routes/profile.tsx", indexable: false },
    prefixed("/add-payment-completed"),
  ),
  addPaymentFailed: screen(
    { layout: "admin", guard: "auth", file: "routes/profile.tsx", indexable: false },
    prefixed("/add-payment-failed"),
  ),
  referrals: screen(
    { layout: "admin", guard: "auth", file: "routes/referrals.tsx", indexable: false },
    {
      es: ["/mi-cuenta/referidos"],
      ca: ["/ca/el-meu-compte/referits"],
      pt: ["/pt/admin/referrals"],
    },
  ),
  newsletter: screen(
    { layout: "admin", guard: "auth", file: "routes/newsletter.tsx", indexable: false },
    {
      es: ["/mi-cuenta/newsletter"],
      ca: ["/ca/el-meu-compte/newsletter"],
      pt: ["/pt/admin/newsletter"],
    },
  ),
  orders: screen(
    { layout: "admin", guard: "auth", file: "routes/orders.tsx", indexable: false },
    {
      es: ["/mi-cuenta/pedidos"],
      ca: ["/ca/el-meu-compte/comandes"],
      pt: ["/pt/admin/orders"],
    },
  ),
  orderDetail: screen(
    { layout: "admin", guard: "auth", file: "routes/order-detail.tsx", indexable: false },
    {
      es: ["/mi-cuenta/pedidos/:id"],
      ca: ["/ca/el-meu-compte/comandes/:id"],
      pt: ["/pt/admin/orders/:id"],
    },
  ),
  subscriptions: screen(
    { layout: "admin", guard: "auth", file: "routes/subscriptions.tsx", indexable: false },
    {
      es: ["/mi-cuenta/suscripciones"],
      ca: ["/ca/el-meu-compte/subscripcions"],
      pt: ["/pt/admin/subscriptions"],
    },
  ),
  subscriptionDetail: screen(
    { layout: "admin", guard: "auth", file: "routes/subscription-detail.tsx", indexable: false },
    {
      es: ["/mi-cuenta/suscripciones/:id"],
      ca: ["/ca/el-meu-compte/subscripcions/:id"],
      pt: ["/pt/admin/subscriptions/:id"],
    },
  ),
  upcomingDeliveries: screen(
    { layout: "admin", guard: "auth", file: "routes/upcoming-deliveries.tsx", indexable: false },
    {
      es: ["/mi-cuenta/suscripciones/proximas-entregas/:id"],
      ca: ["/ca/el-meu-compte/subscripcions/properes-entregues/:id"],
      pt: ["/pt/admin/subscriptions/upcoming_orders/:id"],
    },
  ),
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
