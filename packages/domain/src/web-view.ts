/**
 * The shop inside the company's mobile app (specification sections 1, 2, 6, 8 and 9): the app shows
 * the storefront in a web view whose user-agent text carries a token of the app's. Who the visitor
 * is there, how long the debug console's log is, and when embedded chat and form frames give way on
 * a short screen are said here once, for the server and the browser.
 */

/** Who is looking, as far as the app is concerned. */
export type WebViewUser = "browser" | "fromApp" | "adminInApp";

/**
 * A token an app can put in its user agent: letters, digits and `._/-`, 3 to 64 characters. A space
 * or a comma would let one token stand for several; shorter ones match by accident ("App").
 */
export const APP_USER_AGENT_TOKEN_PATTERN = /^[A-Za-z0-9._/-]{3,64}$/;

/**
 * The staff e-mails of an `APP_ADMIN_EMAILS`-like list (commas, spaces or new lines between them),
 * compared without case: e-mail providers ignore it and so must the list.
 */
export function parseAdminEmails(list: string): string[] {
  return [
    ...new Set(
      list
        .split(/[\s,;]+/)
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/**
 * Whether the request comes from the app (`token` found in the user agent, as the app writes it),
 * and whether the signed-in customer there is one of the staff of `adminEmails`. No token
 * configured: nobody is in the app. An empty list: nobody is an admin (the specification's default).
 */
export function webViewUser({
  userAgent,
  token,
  adminEmails,
  email,
}: {
  userAgent: string | null | undefined;
  token: string | null | undefined;
  adminEmails: readonly string[];
  email: string | null | undefined;
}): WebViewUser {
  if (!token || !userAgent || !userAgent.includes(token)) return "browser";
  return email && adminEmails.includes(email.trim().toLowerCase()) ? "adminInApp" : "fromApp";
}

// ---- The debug console ---------------------------------------------------------------------------

/** The debug console keeps this many entries; the oldest go first (section 9). */
export const DEBUG_LOG_MAX_ENTRIES = 100;

/** `entries` with `entry` at the end, and no more than `max` of them (the newest kept). */
export function appendDebugEntry<T>(entries: readonly T[], entry: T, max = DEBUG_LOG_MAX_ENTRIES): T[] {
  return max > 0 ? [...entries, entry].slice(-max) : [];
}

// ---- Embedded chat and form frames ---------------------------------------------------------------

/**
 * Below this available height the app's own bars leave too little room: an embedded chat or form
 * frame would cover the page it sits on, so it is hidden while the screen is that short (section 9).
 */
export const EMBED_MIN_HEIGHT_PX = 700;
/** How often the height is looked at again while such frames are in the page. */
export const EMBED_CHECK_EVERY_MS = 500;

/** Whether embedded chat and form frames give way at this available height (CSS pixels). */
export function hidesEmbeds(availableHeight: number): boolean {
  return Number.isFinite(availableHeight) && availableHeight < EMBED_MIN_HEIGHT_PX;
}

// ---- Native sign-in ------------------------------------------------------------------------------

/** The providers whose sign-in the app does natively and then hands to the page (section 8). */
export const NATIVE_SIGN_IN_PROVIDERS = ["google", "microsoft"] as const;
export type NativeSignInProvider = (typeof NATIVE_SIGN_IN_PROVIDERS)[number];

/** The longest provider token the shop passes on (the server refuses longer ones too). */
export const MAX_PROVIDER_TOKEN_LENGTH = 4096;

/**
 * What the app handed to the page's success hook, checked: a provider we take natively and a
 * token that can be one. Anything else is a problem to log, never a navigation.
 */
export function nativeSignIn(
  provider: unknown,
  accessToken: unknown,
): { ok: true; provider: NativeSignInProvider; accessToken: string } | { ok: false; problem: string } {
  if (!NATIVE_SIGN_IN_PROVIDERS.includes(provider as NativeSignInProvider)) {
    return { ok: false, problem: `unknown provider ${JSON.stringify(String(provider)).slice(0, 40)}` };
  }
  if (typeof accessToken !== "string" || accessToken.trim() === "") return { ok: false, problem: "no access token" };
  if (accessToken.length > MAX_PROVIDER_TOKEN_LENGTH) return { ok: false, problem: "access token too long" };
  return { ok: true, provider: provider as NativeSignInProvider, accessToken: accessToken.trim() };
}

/**
 * The functions the app calls on the page once its own sign-in with `provider` ends (the contract
 * with the app's developers, docs/decisions/019): `onGoogleSignInSuccess(accessToken)`,
 * `onGoogleSignInError(error)`, and the same for Microsoft.
 */
export function nativeSignInHooks(provider: NativeSignInProvider): { success: string; error: string } {
  const name = `on${provider.charAt(0).toUpperCase()}${provider.slice(1)}SignIn`;
  return { success: `${name}Success`, error: `${name}Error` };
}
