import type { Locale } from "@shop/routing";
import type { AuthTexts } from "./accounts/auth-texts";
import { format, messagesFor } from "./i18n";
import { isSocialProvider, PROVIDER_NAMES, type OfferedProvider, type ProviderLink } from "./social";

/**
 * The social sign-in's words, put together on the server: the pages show them as plain markup, so
 * neither the providers' names nor the refusals' lookup travel in a page's script (first-load
 * budget, decision 006). The home page would otherwise carry them for a query parameter it rarely has.
 */

export function providerLinks(providers: readonly OfferedProvider[], texts: AuthTexts): ProviderLink[] {
  return providers.map((provider) => ({
    ...provider,
    label: format(texts.login.continueWith, { provider: PROVIDER_NAMES[provider.id] }),
  }));
}

/**
 * A failed social sign-in lands on the home page with `error` and `provider` in the query
 * (specification, section 8). The shop says so in its own words, chosen by the refusal's code: the
 * server's message is kept in the address for support, not shown, so a crafted link cannot put its
 * text on the shop's page. Null when the address names no failure of a known provider.
 */
export function socialErrorNotice(url: URL, locale: Locale): string | null {
  const provider = url.searchParams.get("provider");
  const error = url.searchParams.get("error");
  if (error === null || !isSocialProvider(provider)) return null;
  // The refusals with words of their own, saying what the customer can do, are the messages named
  // `social` + the capitalised code (socialAccountExists, socialEmailNotVerified, socialCancelled;
  // docs/decisions/025), the others the general one. Own properties only: a code such as
  // "constructor" must not reach an inherited one.
  const flash = messagesFor(locale).flash;
  const key = `social${error.charAt(0).toUpperCase()}${error.slice(1)}`;
  const own = Object.hasOwn(flash, key) ? (flash as Record<string, string | undefined>)[key] : undefined;
  const text = own ?? flash.socialFailed;
  return format(text, { provider: PROVIDER_NAMES[provider] });
}
