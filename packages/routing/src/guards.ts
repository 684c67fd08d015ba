import type { Locale } from "./locales";
import { pathTo } from "./paths";
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

const GUARDS: Record<GuardName, (context: GuardContext) => GuardOutcome> = {
  none: () => ALLOW,
  auth: ({ signedIn, locale, target }) =>
    signedIn
      ? ALLOW
      : { allow: false, redirectTo: `${pathTo("login", locale)}?${new URLSearchParams({ [REDIRECT_PARAM]: target })}` },
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
 * send a customer to another site after they sign in.
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}
