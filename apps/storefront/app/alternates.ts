import type { Locale, RouteParams } from "@shop/routing";

/**
 * A loader whose parameters differ per language (a product's slug, a category) returns
 * `alternateParams`, so the language switcher and hreflang lead to the same thing in every
 * language rather than to a path that does not exist there.
 */
export type AlternateParams = Partial<Record<Locale, RouteParams>>;

interface MatchLike {
  readonly data?: unknown;
}

export function alternateParamsOf(matches: readonly (MatchLike | undefined)[]): AlternateParams | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const data = matches[index]?.data;
    if (data && typeof data === "object" && "alternateParams" in data) {
      return (data as { alternateParams: AlternateParams }).alternateParams;
    }
  }
  return undefined;
}
