import type { UID } from "@strapi/strapi";

/**
 * Every content type's id, named once (docs/decisions/010). Code asks Strapi for
 * `CONTENT_TYPES.order`, never for the string "api::order.order": a misspelt key does not compile,
 * and a content type renamed in src/api/ is renamed here alone. Content types of our own API are
 * under their singular name; the plugins' and the admin panel's say whose they are.
 */
export const CONTENT_TYPES = {
  address: "api::account.address",
  areaInterest: "api::delivery.area-interest",
  blogPost: "api::blog-post.blog-post",
  boxContent: "api::box-content.box-content",
  category: "api::category.category",
  closedDay: "api::delivery.closed-day",
  companyLead: "api::company-lead.company-lead",
  contactMessage: "api::contact-message.contact-message",
  coupon: "api::coupon.coupon",
  couponRedemption: "api::coupon.coupon-redemption",
  deliverySlotDay: "api::delivery.delivery-slot-day",
  deliveryZone: "api::delivery.delivery-zone",
  faq: "api::faq.faq",
  farmer: "api::farmer.farmer",
  impactMetric: "api::impact-metric.impact-metric",
  legalPage: "api::legal-page.legal-page",
  marketType: "api::market-type.market-type",
  newsletterConsent: "api::account.newsletter-consent",
  newsletterSubscriber: "api::newsletter.subscriber",
  newsroomEntry: "api::newsroom-entry.newsroom-entry",
  oneTimeToken: "api::account.one-time-token",
  order: "api::order.order",
  orderDraft: "api::order-draft.order-draft",
  orderEvent: "api::order.order-event",
  payment: "api::payment.payment",
  paymentMethod: "api::payment-method.payment-method",
  paymentNotification: "api::payment.payment-notification",
  product: "api::product.product",
  productLabel: "api::product-label.product-label",
  review: "api::review.review",
  sandboxNotification: "api::payment.sandbox-notification",
  session: "api::account.session",
  shopSetting: "api::shop-setting.shop-setting",
  subscription: "api::subscription.subscription",
  tax: "api::tax.tax",
  teamMember: "api::team-member.team-member",
  /** A customer: the users-permissions plugin's user. */
  user: "plugin::users-permissions.user",
  userPermission: "plugin::users-permissions.permission",
  userRole: "plugin::users-permissions.role",
  uploadFile: "plugin::upload.file",
  adminPermission: "admin::permission",
  adminRole: "admin::role",
  adminUser: "admin::user",
} as const satisfies Record<string, UID.ContentType>;
