import type { EmailTemplate, PropsOf } from "../template";
import { accountConfirmEmail } from "./account-confirm-email";
import { accountDeleted } from "./account-deleted";
import { accountPasswordChanged } from "./account-password-changed";
import { accountResetPassword } from "./account-reset-password";
import { accountSignInCode } from "./account-sign-in-code";
import { accountWelcome } from "./account-welcome";
import { cardExpiring } from "./card-expiring";
import { companyLeadReceived } from "./company-lead-received";
import { giftCardRecipient } from "./gift-card-recipient";
import { giftCardReceipt } from "./gift-card-receipt";
import { newsletterConfirm } from "./newsletter-confirm";
import { newsletterWelcome } from "./newsletter-welcome";
import { orderConfirmation } from "./order-confirmation";
import { orderPaymentFailed } from "./order-payment-failed";
import { orderRefunded } from "./order-refunded";
import { orderChanged } from "./order-changed";
import { orderInvoice } from "./order-invoice";
import { orderShipped } from "./order-shipped";
import { staffCompanyLead } from "./staff-company-lead";
import { staffContactMessage } from "./staff-contact-message";
import { staffRenewalNeedsChange } from "./staff-renewal-needs-change";
import { subscriptionChanged } from "./subscription-changed";
import { subscriptionGift } from "./subscription-gift";
import { subscriptionPriceNotice } from "./subscription-price-notice";
import { subscriptionRenewal } from "./subscription-renewal";

/**
 * Every message the shop sends, by name. Add a template here and sendEmail, the preview command
 * and the tests know it.
 */
const registry = {
  staffContactMessage,
  staffCompanyLead,
  staffRenewalNeedsChange,
  companyLeadReceived,
  accountConfirmEmail,
  accountResetPassword,
  accountSignInCode,
  accountPasswordChanged,
  accountWelcome,
  accountDeleted,
  newsletterConfirm,
  newsletterWelcome,
  orderConfirmation,
  orderPaymentFailed,
  orderRefunded,
  orderChanged,
  orderShipped,
  orderInvoice,
  subscriptionChanged,
  subscriptionGift,
  subscriptionRenewal,
  subscriptionPriceNotice,
  cardExpiring,
  giftCardRecipient,
  giftCardReceipt,
} as const satisfies Record<string, EmailTemplate<object>>;

export type TemplateName = keyof typeof registry;

/** The props each template takes: `TemplateProps["staffContactMessage"]`. */
export type TemplateProps = { [Name in TemplateName]: PropsOf<(typeof registry)[Name]> };

// Typed as a mapped type so `templates[name]` with a generic name keeps its props type.
export const templates: { readonly [Name in TemplateName]: EmailTemplate<TemplateProps[Name]> } = registry;

export const TEMPLATE_NAMES = Object.keys(templates) as TemplateName[];
