import type { Locale } from "@shop/domain";
import { pathTo, type RouteParams, type ScreenId } from "@shop/routing";
import { getEnv } from "./env";

/**
 * A page of the storefront, absolute, in the customer's language: where a mail's links lead, and
 * where a payment gateway or a sign-in provider sends the customer back to.
 */
export function storefrontLink(
  screen: ScreenId,
  locale: Locale,
  query: Record<string, string> = {},
  params: RouteParams = {},
): string {
  const url = new URL(pathTo(screen, locale, params), `${getEnv().storefrontUrl}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
