import { matchScreen } from "./paths";

/**
 * Permanent redirects derived from the route table: a trailing slash, doubled slashes and an
 * explicit `/es` prefix all lead to the one canonical Spanish or prefixed path. Returns null when
 * the path needs no redirect. A target is always a path of this site: never `//host/...` or
 * `/\host`, which browsers read as another site.
 */
export function canonicalRedirect(pathname: string): string | null {
  const target = canonicalTarget(pathname);
  return target !== null && isSameSitePath(target) ? target : null;
}

function canonicalTarget(pathname: string): string | null {
  if (/\/{2,}/.test(pathname)) {
    const squeezed = pathname.replace(/\/{2,}/g, "/");
    return canonicalTarget(squeezed) ?? (matchScreen(squeezed) ? squeezed : null);
  }
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const trimmed = pathname.replace(/\/+$/, "") || "/";
    const further = canonicalTarget(trimmed);
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

/** A path that stays on this site whatever the browser makes of it. */
export function isSameSitePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") && !/[\t\r\n]/.test(path);
}
