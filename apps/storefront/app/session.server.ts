import crypto from "node:crypto";
import { accountSchema, type Account } from "@shop/contracts";
import { parse, serialize } from "cookie";
import { cmsCall } from "./cms.server";
import { secureCookies } from "./env.server";

/** httpOnly cookie holding the CMS JWT; only this server reads it. */
export const SESSION_COOKIE = "shop_session";
const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * The signed-in customer, as the CMS's GET /users/me answers it (accountSchema): the whole
 * profile, so that the account home, profile and newsletter pages read it from the session
 * instead of asking the CMS again (docs/decisions/024).
 */
export type SessionUser = Account;

/** A request's cookies by name, as the request context parsed them (server/request-context.ts). */
export type RequestCookies = Readonly<Record<string, string | undefined>>;

export function readCookies(cookieHeader: string | null | undefined): Record<string, string | undefined> {
  return parse(cookieHeader ?? "");
}

/** The session token of parsed cookies: the request context's (server/request-context.ts). */
export function sessionTokenOf(cookies: Readonly<Record<string, string | undefined>>): string | null {
  return cookies[SESSION_COOKIE] || null;
}

export function sessionToken(cookieHeader: string | null | undefined): string | null {
  return sessionTokenOf(readCookies(cookieHeader));
}

export function serializeSessionCookie(token: string): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies,
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(): string {
  return serialize(SESSION_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies,
    path: "/",
    maxAge: 0,
  });
}

/** A request's session, resolved once (server/request-context.ts) and read by every loader and action. */
export interface Session {
  /** The token of the cookie, while the CMS has not refused it. */
  readonly token: string | null;
  /** The signed-in customer, or null: signed out, a refused token, or the CMS could not say. */
  readonly user: SessionUser | null;
  /** Set when the stored token was refused and the cookie must go. */
  readonly clearCookie: boolean;
}

export const SIGNED_OUT: Session = { token: null, user: null, clearCookie: false };

/**
 * How long a looked-up session is believed without asking the CMS again. Every page and data
 * request of a signed-in visitor needs the customer; asking the CMS each time cost a round trip per
 * navigation. The price: without Redis, a token the CMS retires through another storefront process
 * (its sign-out, a password change) may still be believed here for this long. With REDIS_URL the
 * retirement is published and every process forgets it at once (session-retirement.server.ts).
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** What one lookup of a token at the CMS gave. */
export type SessionLookUp =
  /** The CMS believes the token: its customer. */
  | { readonly kind: "customer"; readonly user: SessionUser }
  /** The CMS refused the token (401/403) or answered something that is no customer: the cookie goes. */
  | { readonly kind: "refused" }
  /** No answer (down, timeout, 5xx): signed out for this request only, never cached. */
  | { readonly kind: "unknown" };

/** GET /users/me with the token: the one CMS call a session costs, once per TTL and process. */
export async function lookUpAtCms(token: string): Promise<SessionLookUp> {
  const answer = await cmsCall("/users/me", { contract: accountSchema, token });
  if (answer.ok) return { kind: "customer", user: answer.value };
  if (answer.status === "signedOut") return { kind: "refused" };
  // An answer that is no customer (a broken contract) is not believed either: the cookie goes.
  if (answer.httpStatus !== null && answer.httpStatus < 300) return { kind: "refused" };
  return { kind: "unknown" };
}

/** The cache key of a token: a hash, so that neither the cache nor a published retirement holds a usable credential. */
export const sessionKeyOf = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

interface Cached {
  readonly session: Session;
  readonly expiresAt: number;
}

export interface SessionCacheOptions {
  readonly lookUp?: (token: string) => Promise<SessionLookUp>;
  readonly ttlMs?: number;
  readonly maxEntries?: number;
  /** The clock (milliseconds); tests inject theirs. */
  readonly now?: () => number;
}

/**
 * The sessions this process believes, keyed by sessionKeyOf(token), each for `ttlMs`. Lookups of
 * the same token at the same time share one call: a burst of requests of a customer whose entry
 * just expired asks the CMS once.
 */
export class SessionCache {
  private readonly entries = new Map<string, Cached>();
  private readonly pending = new Map<string, Promise<Session>>();
  private readonly lookUp: (token: string) => Promise<SessionLookUp>;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Counts forgotten tokens: a lookup that saw it change on its way is not cached. */
  private forgotten = 0;

  constructor({
    lookUp = lookUpAtCms,
    ttlMs = SESSION_CACHE_TTL_MS,
    maxEntries = SESSION_CACHE_MAX_ENTRIES,
    now = Date.now,
  }: SessionCacheOptions = {}) {
    this.lookUp = lookUp;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** The session of a cookie's token: from this process's cache while fresh, else from the CMS. */
  async resolve(token: string | null): Promise<Session> {
    if (!token) return SIGNED_OUT;
    const key = sessionKeyOf(token);
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.session;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const lookingUp = this.lookUpAndRemember(token, key).finally(() => this.pending.delete(key));
    this.pending.set(key, lookingUp);
    return lookingUp;
  }

  private async lookUpAndRemember(token: string, key: string): Promise<Session> {
    const forgottenBefore = this.forgotten;
    const answer = await this.lookUp(token);
    if (answer.kind === "unknown") return { token, user: null, clearCookie: false };
    const session: Session =
      answer.kind === "customer"
        ? { token, user: answer.user, clearCookie: false }
        : { ...SIGNED_OUT, clearCookie: true };
    // A retirement heard while the lookup was on its way wins: the next request asks again.
    if (this.forgotten !== forgottenBefore) return session;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { session, expiresAt: this.now() + this.ttlMs });
    return session;
  }

  /**
   * Forgets every entry of a customer: a password change or an account deletion retires all their
   * sessions at the CMS, the other devices' tokens included, whose keys this process cannot know.
   */
  forgetCustomer(customerId: number): void {
    for (const [key, { session }] of this.entries) if (session.user?.id === customerId) this.entries.delete(key);
    this.forgotten += 1;
  }

  /** Forgets a token's entry (by its key): its next request asks the CMS again. */
  forgetKey(key: string): void {
    this.entries.delete(key);
    // A lookup on its way may have started before the change: it must not be cached, nor shared.
    this.pending.delete(key);
    this.forgotten += 1;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** This process's sessions. */
export const sessionCache = new SessionCache();

/** What this process forgot: one token (by its key), or every session of a customer. */
export type Forgotten = { readonly key: string } | { readonly customerId: number };

/** Forgets in `cache` what another process forgot (session-retirement.server.ts). */
export function forgetIn(cache: SessionCache, forgotten: Forgotten): void {
  if ("key" in forgotten) cache.forgetKey(forgotten.key);
  else cache.forgetCustomer(forgotten.customerId);
}

/** Listeners told of everything this process forgets (session-retirement.server.ts publishes it to the others). */
const forgetListeners = new Set<(forgotten: Forgotten) => void>();

/** Calls `listener` with each token or customer forgotten here; returns how to stop. */
export function onForgetSession(listener: (forgotten: Forgotten) => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

/**
 * Sign-in, sign-out, a password change and profile changes: this process asks the CMS again on
 * the token's next request, and so does every other one when Redis carries the news.
 */
export function forgetSession(token: string | null): void {
  if (!token) return;
  const forgotten = { key: sessionKeyOf(token) };
  forgetIn(sessionCache, forgotten);
  for (const listener of forgetListeners) listener(forgotten);
}

/**
 * A password change or an account deletion: the CMS closed every session of the customer, so
 * every process forgets all of them (other devices' tokens included), at once with Redis.
 */
export function forgetCustomerSessions(customerId: number): void {
  const forgotten = { customerId };
  forgetIn(sessionCache, forgotten);
  for (const listener of forgetListeners) listener(forgotten);
}
