/**
 * The list view's columns of content types whose schema does not choose them (orders, payments,
 * subscriptions... do, in schema.json "config"), in place of Strapi's default: id and the first
 * three fields (a product's type and three names, a gift card's hash). Written only while the list
 * still has Strapi's default columns or these (src/admin-labels/apply.ts).
 */
export const LIST_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  "api::product.product": ["name_es", "type", "price", "isActive", "seasonal"],
  "api::gift-card.gift-card": ["codeTail", "buyerEmail", "recipientEmail", "amount", "sendOn", "sentAt"],
  "api::gift-card.gift-card-entry": ["giftCardId", "kind", "amount", "orderId", "createdAt"],
  "api::invoice.invoice": ["number", "kind", "issuedAt", "total"],
  "api::referral.referral": ["code", "referralStatus", "reason", "decidedAt"],
  "api::contact-message.contact-message": ["name", "email", "message", "handled", "createdAt"],
  "api::company-lead.company-lead": ["company", "name", "email", "employees", "handled", "createdAt"],
  "plugin::users-permissions.user": ["email", "firstName", "lastName", "customerKind", "blocked"],
};
