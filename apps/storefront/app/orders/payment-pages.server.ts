import { defaultCmsPublicUrl } from "@shop/contracts";
import { env } from "~/env.server";

/**
 * Where the shop sends browsers to pay: the payment pages of the providers the CMS may use, and
 * the CMS's own sandbox page at the address browsers reach it by. Redsys takes a posted form;
 * Stripe Checkout and the sandbox page are redirects after the "Pay" form. The same list is the
 * CSP's form-action (browsers apply it to the redirect that answers a form too), and the only
 * targets a payment the CMS names may have: an allow-list, so that a misconfigured or compromised
 * CMS cannot send customers to a page that looks like a bank's.
 */
export const PAYMENT_PAGE_ORIGINS: readonly string[] = [
  "https://sis.redsys.es",
  "https://sis-t.redsys.es:25443",
  "https://checkout.stripe.com",
  // The CMS names its sandbox page by its PUBLIC_URL, whose default this mirrors.
  new URL(env.CMS_PUBLIC_URL ?? defaultCmsPublicUrl(env.CMS_URL)).origin,
  ...env.EXTRA_PAYMENT_ORIGINS,
];

/** Whether the browser may be sent to `url` to pay. */
export function isPaymentPage(url: URL): boolean {
  return PAYMENT_PAGE_ORIGINS.includes(url.origin);
}
