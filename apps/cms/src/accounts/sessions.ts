import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type { SignInMethod } from "@shop/contracts";
import { tableOf } from "../database/sql";
import { CONTENT_TYPES } from "../content-types";

/**
 * Customer sessions (docs/decisions/011). Every token the CMS gives a customer names a session
 * (`sid`), a row of account_sessions, and is believed only while that row exists and has not
 * expired: signing out deletes the row, so a copy of the token is refused at once; a password change
 * or reset deletes all of the customer's rows. Checked on every request that carries a token
 * (src/extensions/users-permissions/strapi-server.ts wraps the plugin's token check).
 */

/** As long as the token (config/plugins.ts jwt.expiresIn). */
export const SESSION_DAYS = 7;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export type { SignInMethod };

export interface SessionClaims {
  id: number;
  sid: string;
}

interface SessionRow {
  id: number;
  sid: string;
  userId: number;
  expiresAt: string | Date;
}

interface JwtService {
  issue(payload: Record<string, unknown>): string;
}

const sessions = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.session);

/** A new session of the user and the token that names it. */
export async function openSession(
  strapi: Core.Strapi,
  userId: number,
  method: SignInMethod,
  userAgent?: string,
): Promise<{ jwt: string; sid: string }> {
  const now = Date.now();
  // A customer's expired sessions go when they sign in again: the table stays the size of the live ones.
  await sessions(strapi).deleteMany({ where: { userId, expiresAt: { $lt: new Date(now) } } });
  const sid = randomBytes(24).toString("base64url");
  await sessions(strapi).create({
    data: {
      sid,
      userId,
      method,
      expiresAt: new Date(now + SESSION_MS),
      userAgent: userAgent?.slice(0, 255) ?? null,
    },
  });
  const jwt = (strapi.plugin("users-permissions").service("jwt") as unknown as JwtService).issue({ id: userId, sid });
  return { jwt, sid };
}

/** The user's fields that signed-in calls read (AccountUser's), selected by `signedInUser`. */
const USER_FIELDS = [
  "id",
  "documentId",
  "username",
  "email",
  "provider",
  "password",
  "confirmed",
  "blocked",
  "firstName",
  "lastName",
  "phone",
  "preferredLocale",
  "customerKind",
  "companyName",
  "taxId",
  "newsletter",
  "createdAt",
] as const satisfies readonly (keyof AccountUser)[];

/** SQLite answers booleans as 0 and 1; PostgreSQL as booleans. */
const flagOf = (value: unknown): boolean | null => (value === null || value === undefined ? null : Boolean(value));

/**
 * The customer of a token's claims, in one query (docs/decisions/024): the session row the token
 * names, joined with its user, while it is open and belongs to the token's user. Null for a closed,
 * expired or foreign session. Every signed-in call costs this one indexed lookup (sid is unique),
 * instead of the session row, then the user, then the user again for the answer.
 */
export async function signedInUser(
  strapi: Core.Strapi,
  claims: Partial<SessionClaims>,
  now: Date = new Date(),
): Promise<AccountUser | null> {
  if (typeof claims.sid !== "string" || typeof claims.id !== "number") return null;
  const session = tableOf(strapi, CONTENT_TYPES.session);
  const user = tableOf(strapi, CONTENT_TYPES.user);
  const row = (await strapi.db
    .connection(`${session.name} as s`)
    .join(`${user.name} as u`, "u.id", `s.${session.column("userId")}`)
    .where(`s.${session.column("sid")}`, claims.sid)
    .first([
      `s.${session.column("userId")} as sessionUserId`,
      `s.${session.column("expiresAt")} as sessionExpiresAt`,
      ...USER_FIELDS.map((field) => `u.${user.column(field)} as ${field}`),
    ])) as (Record<string, unknown> & { sessionUserId: unknown; sessionExpiresAt: unknown }) | undefined;
  // Compared here, not in SQL: each database writes datetimes its own way, and Date reads them all.
  if (!row || Number(row.sessionUserId) !== claims.id) return null;
  if (!(new Date(row.sessionExpiresAt as string | number | Date).getTime() > now.getTime())) return null;
  return {
    ...(Object.fromEntries(USER_FIELDS.map((field) => [field, row[field] ?? null])) as unknown as AccountUser),
    id: Number(row.id),
    confirmed: flagOf(row.confirmed),
    blocked: flagOf(row.blocked),
    newsletter: flagOf(row.newsletter),
    createdAt: row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt as string | number),
  };
}

/** True while the session the token names is open and belongs to the token's user. */
export async function isSessionOpen(strapi: Core.Strapi, claims: Partial<SessionClaims>): Promise<boolean> {
  if (typeof claims.sid !== "string" || typeof claims.id !== "number") return false;
  const row = (await sessions(strapi).findOne({
    where: { sid: claims.sid },
    select: ["id", "sid", "userId", "expiresAt"],
  })) as SessionRow | null;
  if (!row || row.userId !== claims.id) return false;
  return new Date(row.expiresAt).getTime() > Date.now();
}

/** Sign-out: this token, and every copy of it, is refused from now on. */
export async function closeSession(strapi: Core.Strapi, sid: string): Promise<void> {
  await sessions(strapi).deleteMany({ where: { sid } });
}

/** After a password change or reset, a block, or deleting the account: every device signs in again. */
export async function closeAllSessions(strapi: Core.Strapi, userId: number): Promise<number> {
  const { count } = (await sessions(strapi).deleteMany({ where: { userId } })) as { count: number };
  return count;
}

/** The cleanup job: sessions that have expired. How many went. */
export async function dropExpiredSessions(strapi: Core.Strapi, now: Date): Promise<number> {
  const { count } = (await sessions(strapi).deleteMany({ where: { expiresAt: { $lt: now } } })) as { count: number };
  return count;
}

/** A session as the customer's copy of their data shows it: never its secret. */
export interface SessionRecord {
  sid: string;
  method: SignInMethod;
  userAgent: string | null;
  createdAt: string | Date;
  expiresAt: string | Date;
}

/** The customer's sessions, oldest first. */
export async function listSessions(strapi: Core.Strapi, userId: number): Promise<SessionRecord[]> {
  return (await sessions(strapi).findMany({
    where: { userId },
    select: ["sid", "method", "userAgent", "createdAt", "expiresAt"],
    orderBy: { id: "asc" },
  })) as SessionRecord[];
}

/** The user a session belongs to, with the fields sign-in rules read. */
export async function findUser(strapi: Core.Strapi, where: Record<string, unknown>) {
  return (await strapi.db.query(CONTENT_TYPES.user).findOne({ where })) as AccountUser | null;
}

/** A users-permissions user as the account services read it. */
export interface AccountUser {
  id: number;
  documentId: string;
  username: string | null;
  email: string;
  provider: string | null;
  password: string | null;
  confirmed: boolean | null;
  blocked: boolean | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  preferredLocale: string | null;
  customerKind: string | null;
  companyName: string | null;
  taxId: string | null;
  newsletter: boolean | null;
  createdAt: string | Date;
}
