import type { Locale } from "./locales";
import { pathTo } from "./paths";
import { isSameSitePath } from "./redirects";
import type { GuardName } from "./table";

export interface GuardContext {
  readonly signedIn: boolean;
  readonly locale: Locale;
  /** Where the visitor was going, path and query, so sign-in can bring them back. */
  readonly target: string;
}

export type GuardOutcome = { readonly allow: true } | { readonly allow: false; readonly redirectTo: string };

/** Query parameter that carries the page a signed-out visitor asked for to the login page. */
export const REDIRECT_PARAM = "redirect";

const ALLOW: GuardOutcome = { allow: true };

/**
 * The longest destination carried to the login page. A longer one (a crafted query string) would
 * make a Location header past what proxies and browsers accept; its path alone is kept, or nothing.
 */
export const MAX_REDIRECT_TARGET_LENGTH = 1024;

function loginTarget(target: string): string | null {
  if (target.length <= MAX_REDIRECT_TARGET_LENGTH) return target;
  const path = target.split("?")[0] ?? "";
  return path.length <= MAX_REDIRECT_TARGET_LENGTH ? path : null;
}

function loginPath(locale: Locale, target: string): string {
  const kept = loginTarget(target);
  const login = pathTo("login", locale);
  return kept === null ? login : `${login}?${new URLSearchParams({ [REDIRECT_PARAM]: kept })}`;
}

const GUARDS: Record<GuardName, (context: GuardContext) => GuardOutcome> = {
  none: () => ALLOW,
  auth: ({ signedIn, locale, target }) => (signedIn ? ALLOW : { allow: false, redirectTo: loginPath(locale, target) }),
  guest: ({ signedIn, locale }) => (signedIn ? { allow: false, redirectTo: pathTo("account", locale) } : ALLOW),
};

export class UnknownRouteMiddlewareError extends Error {
  constructor(name: string) {
    super("Unknown route middleware");
    this.name = "UnknownRouteMiddlewareError";
    this.cause = name;
  }
}

/** Runs a named guard; a name outside the table is a programming error (specification, section 8). */
export function runGuard(name: string, context: GuardContext): GuardOutcome {
  if (!Object.hasOwn(GUARDS, name)) throw new UnknownRouteMiddlewareError(name);
  return GUARDS[name as GuardName](context);
}

/**
 * Only same-site paths are accepted as a post-login destination, so a crafted link cannot
 * send a customer to another site after they sign in: no scheme, no `//` or `/\\` (which browsers
 * read as another host), no backslash or control character anywhere (some browsers drop or turn
 * them into slashes), and no longer than the guard would have recorded.
 *
 * The target comes back percent-encoded past ASCII (and for spaces): it goes into a Location
 * header, which carries bytes, and a character above U+00FF there made the sign-in answer 500
 * after the session had been created. Browsers decode it back to the same path. A lone surrogate
 * has no encoding: no target.
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_REDIRECT_TARGET_LENGTH || !isSameSitePath(value)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let encoded: string;
  try {
    encoded = value.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
  } catch {
    return null;
  }
  return encoded.length > MAX_REDIRECT_TARGET_LENGTH ? null : encoded;
}
