import { matchScreen } from "./paths";

/**
 * Permanent redirects derived from the route table: a trailing slash and an explicit `/es`
 * prefix both lead to the one canonical Spanish or prefixed path. Returns null when the
 * path needs no redirect.
 */
export function canonicalRedirect(pathname: string): string | null {
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const trimmed = pathname.replace(/\/+$/, "") || "/";
    const further = canonicalRedirect(trimmed);
    if (further) return further;
    return matchScreen(trimmed) ? trimmed : null;
  }
  const esPrefixed = /^\/es(\/.*)?$/i.exec(pathname);
  if (esPrefixed) {
    const rest = esPrefixed[1] ?? "/";
    const match = matchScreen(rest);
    return match && match.locale === "es" ? rest : null;
  }
  return null;
}
