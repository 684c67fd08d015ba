import { SCREEN_IDS, SCREEN_PATHS, type GuardName, type Layout, type ScreenId, type ScreenPaths } from "./table";

/** How the server serves a screen. */
export interface ScreenOptions {
  readonly layout: Layout;
  readonly guard: GuardName;
  /** Route module, relative to apps/storefront/app. Several screens may share one module. */
  readonly file: string;
  /** Listed in the sitemap and indexable by search engines. */
  readonly indexable: boolean;
}

/** One screen of the shop: how it is served and its paths (`SCREEN_PATHS`). */
export interface ScreenDefinition extends ScreenOptions {
  readonly paths: ScreenPaths;
}

const PUBLIC = "default" as const;

/**
 * Every screen's options, apart from its paths: the route config, the guards, the sitemap and
 * robots.txt read them on the server, and browser code never imports this module, so none of it
 * is in the first-load JavaScript (decision 006).
 */
const SCREEN_OPTIONS = {
  home: { layout: PUBLIC, guard: "none", file: "routes/home.tsx", indexable: true },
  team: { layout: PUBLIC, guard: "none", file: "routes/team.tsx", indexable: true },
  about: { layout: PUBLIC, guard: "none", file: "routes/about.tsx", indexable: true },
  boxes: { layout: PUBLIC, guard: "none", file: "routes/boxes.tsx", indexable: true },
  seasonalBoxes: { layout: PUBLIC, guard: "none", file: "routes/seasonal-boxes.tsx", indexable: true },
  impact: { layout: PUBLIC, guard: "none", file: "routes/impact.tsx", indexable: true },
  commitment: { layout: PUBLIC, guard: "none", file: "routes/commitment.tsx", indexable: true },
  foodWaste: { layout: PUBLIC, guard: "none", file: "routes/food-waste.tsx", indexable: true },
  contact: { layout: PUBLIC, guard: "none", file: "routes/contact.tsx", indexable: true },
  farmers: { layout: PUBLIC, guard: "none", file: "routes/farmers.tsx", indexable: true },
  newsroom: { layout: PUBLIC, guard: "none", file: "routes/newsroom.tsx", indexable: true },
  whatsInTheBox: { layout: PUBLIC, guard: "none", file: "routes/whats-in-the-box.tsx", indexable: true },
  referAFriend: { layout: PUBLIC, guard: "none", file: "routes/refer-a-friend.tsx", indexable: true },
  companies: { layout: PUBLIC, guard: "none", file: "routes/companies.tsx", indexable: true },
  product: { layout: PUBLIC, guard: "none", file: "routes/product.tsx", indexable: true },
  complementaryProducts: { layout: PUBLIC, guard: "none", file: "routes/complementary-products.tsx", indexable: true },
  legalNotice: { layout: PUBLIC, guard: "none", file: "routes/legal.tsx", indexable: true },
  cookiesPolicy: { layout: PUBLIC, guard: "none", file: "routes/legal.tsx", indexable: true },
  privacyPolicy: { layout: PUBLIC, guard: "none", file: "routes/legal.tsx", indexable: true },
  termsAndConditions: { layout: PUBLIC, guard: "none", file: "routes/legal.tsx", indexable: true },

  blankPage: { layout: "none", guard: "none", file: "routes/blank-page.tsx", indexable: false },
  callback: { layout: "auth", guard: "none", file: "routes/callback.tsx", indexable: false },
  connectRedirect: { layout: "auth", guard: "none", file: "routes/connect-redirect.tsx", indexable: false },

  giftCardCreate: { layout: PUBLIC, guard: "none", file: "routes/gift-card-create.tsx", indexable: true },
  giftCardPaymentFailed: { layout: PUBLIC, guard: "none", file: "routes/gift-card-create.tsx", indexable: false },
  giftCardPaymentCompleted: {
    layout: PUBLIC,
    guard: "none",
    file: "routes/gift-card-payment-completed.tsx",
    indexable: false,
  },
  // No sign-in redirect: a visitor gets the 404 page like a customer (the page's loader decides).
  adminGiftCards: { layout: "admin", guard: "none", file: "routes/admin-gift-cards.tsx", indexable: false },

  login: { layout: "auth", guard: "guest", file: "routes/login.tsx", indexable: false },
  passwordRecovery: { layout: "auth", guard: "guest", file: "routes/password-recovery.tsx", indexable: false },
  register: { layout: "auth", guard: "guest", file: "routes/register.tsx", indexable: false },
  newsletterConfirm: { layout: "auth", guard: "none", file: "routes/newsletter-confirm.tsx", indexable: false },
  newsletterUnsubscribe: { layout: "auth", guard: "none", file: "routes/newsletter-unsubscribe.tsx", indexable: false },

  newOrder: { layout: "buy-process", guard: "none", file: "routes/new-order.tsx", indexable: true },
  orderPay: { layout: "buy-process", guard: "auth", file: "routes/order-pay.tsx", indexable: false },
  orderStatus: { layout: "buy-process", guard: "auth", file: "routes/order-status.tsx", indexable: false },
  paymentCompleted: { layout: "buy-process", guard: "auth", file: "routes/order-status.tsx", indexable: false },
  paymentFailed: { layout: "buy-process", guard: "auth", file: "routes/order-status.tsx", indexable: false },

  account: { layout: "admin", guard: "auth", file: "routes/account.tsx", indexable: false },
  profile: { layout: "admin", guard: "auth", file: "routes/profile.tsx", indexable: false },
  addPaymentCompleted: { layout: "admin", guard: "auth", file: "routes/profile.tsx", indexable: false },
  addPaymentFailed: { layout: "admin", guard: "auth", file: "routes/profile.tsx", indexable: false },
  referrals: { layout: "admin", guard: "auth", file: "routes/referrals.tsx", indexable: false },
  newsletter: { layout: "admin", guard: "auth", file: "routes/newsletter.tsx", indexable: false },
  orders: { layout: "admin", guard: "auth", file: "routes/orders.tsx", indexable: false },
  orderDetail: { layout: "admin", guard: "auth", file: "routes/order-detail.tsx", indexable: false },
  subscriptions: { layout: "admin", guard: "auth", file: "routes/subscriptions.tsx", indexable: false },
  subscriptionDetail: { layout: "admin", guard: "auth", file: "routes/subscription-detail.tsx", indexable: false },
  upcomingDeliveries: { layout: "admin", guard: "auth", file: "routes/upcoming-deliveries.tsx", indexable: false },
} as const satisfies Record<ScreenId, ScreenOptions>;

/** Each screen with its options and its paths. */
export const SCREENS = Object.fromEntries(
  SCREEN_IDS.map((id) => [id, { ...SCREEN_OPTIONS[id], paths: SCREEN_PATHS[id] }]),
) as Readonly<Record<ScreenId, ScreenDefinition>>;
