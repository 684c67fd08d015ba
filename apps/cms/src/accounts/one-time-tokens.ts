import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Core } from "@strapi/strapi";
import { SIGN_IN_CODE_LENGTH } from "@shop/contracts";
import { keyedHash } from "../crypto/keyed-hash";
import { CONTENT_TYPES } from "../content-types";

/**
 * Secrets sent by e-mail (docs/decisions/011): reset links, confirmation links and sign-in codes.
 * Only a keyed hash is stored (HMAC with a key derived from JWT_SECRET: a copy of the database does
 * not give working links, and a 6-digit code cannot be found by hashing the million candidates).
 * Each is single use and expires; a code allows MAX_CODE_TRIES guesses. "Used", "expired" and "too
 * many tries" are decided by conditional updates, so two requests racing with the same secret cannot
 * both win, and parallel guesses cannot exceed the tries.
 */

export type TokenPurpose = "reset-password" | "confirm-email" | "sign-in-code";

/** How long each kind of secret is valid. */
export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  "reset-password": 60 * 60,
  "confirm-email": 3 * 24 * 60 * 60,
  "sign-in-code": 10 * 60,
};

/** Guesses one sign-in code allows. */
export const MAX_CODE_TRIES = 5;

interface TokenRow {
  id: number;
  userId: number;
  tokenHash: string;
  expiresAt: string | Date;
  attempts: number;
  usedAt: string | Date | null;
}

const tokens = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.oneTimeToken);

function hmac(data: string): string {
  return keyedHash("shop one-time tokens", data);
}

/** A new secret for an e-mailed link: 32 random bytes, 64 hex characters. */
export function newLinkSecret(): string {
  return randomBytes(32).toString("hex");
}

/** What is stored of a link secret: its keyed hash, told apart by purpose. */
export function linkSecretHash(purpose: string, raw: string): string {
  return hmac(`${purpose}:${raw}`);
}

/** Withdraws the user's earlier unused secrets of this kind: only the newest link or code works. */
async function withdraw(strapi: Core.Strapi, userId: number, purpose: TokenPurpose): Promise<void> {
  await tokens(strapi).deleteMany({ where: { userId, purpose, usedAt: null } });
}

/** A new link secret (64 hex characters) for the user; what goes into the e-mailed link. */
export async function issueLinkToken(strapi: Core.Strapi, userId: number, purpose: TokenPurpose): Promise<string> {
  await withdraw(strapi, userId, purpose);
  const raw = newLinkSecret();
  await tokens(strapi).create({
    data: {
      purpose,
      userId,
      tokenHash: linkSecretHash(purpose, raw),
      expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000),
      attempts: 0,
    },
  });
  return raw;
}

/** Thrown inside a rehearsal's transaction to roll it back; never escapes rehearse(). */
class RehearsalOver extends Error {
  override readonly name = "RehearsalOver";
}

/**
 * Runs `issue` (issueLinkToken, issueSignInCode) for no one: the same random secret, hashing and
 * statements (the withdrawal and the insert), in a transaction then rolled back, so nothing is
 * kept. For an address with no account (docs/decisions/011): its request then costs the database
 * what a real one does, and the next request is not slowed by one and not the other.
 */
export async function rehearse<T>(strapi: Core.Strapi, issue: () => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await strapi.db.transaction(async () => {
      result = { value: await issue() };
      throw new RehearsalOver();
    });
  } catch (error) {
    if (!(error instanceof RehearsalOver)) throw error;
  }
  if (result === undefined) throw new Error("The rehearsal did not run");
  return result.value;
}

/** A link secret's row while it can still be spent. */
export interface LiveLinkToken {
  id: number;
  /** The user it was issued for. */
  userId: number;
}

/**
 * The row of a link secret that is unused, not withdrawn and not expired, or null. Spends nothing:
 * a caller that may still refuse the request (a weak new password) checks first and spends after.
 */
export async function findLinkToken(
  strapi: Core.Strapi,
  purpose: TokenPurpose,
  raw: string,
): Promise<LiveLinkToken | null> {
  const row = (await tokens(strapi).findOne({
    where: { purpose, tokenHash: linkSecretHash(purpose, raw) },
  })) as TokenRow | null;
  if (!row || row.usedAt !== null || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return { id: row.id, userId: row.userId };
}

/**
 * Spends a secret found by findLinkToken, by a conditional update: of two requests with the same
 * secret, exactly one gets true. False too when it was withdrawn meanwhile.
 */
export async function spendLinkTokenRow(strapi: Core.Strapi, token: LiveLinkToken): Promise<boolean> {
  const { count } = (await tokens(strapi).updateMany({
    where: { id: token.id, usedAt: null },
    data: { usedAt: new Date() },
  })) as { count: number };
  return count === 1;
}

/**
 * Spends a link secret: the user it was for, or null when it is unknown, used, withdrawn or expired.
 * Of two requests with the same secret, exactly one gets the user.
 */
export async function spendLinkToken(strapi: Core.Strapi, purpose: TokenPurpose, raw: string): Promise<number | null> {
  const token = await findLinkToken(strapi, purpose, raw);
  return token !== null && (await spendLinkTokenRow(strapi, token)) ? token.userId : null;
}

/** A new sign-in code for the user (replacing any earlier one); the digits to e-mail. */
export async function issueSignInCode(strapi: Core.Strapi, userId: number): Promise<string> {
  await withdraw(strapi, userId, "sign-in-code");
  const code = String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, "0");
  // A random salt per code: the stored value is unique, and equal codes never hash alike.
  const salt = randomBytes(12).toString("hex");
  await tokens(strapi).create({
    data: {
      purpose: "sign-in-code",
      userId,
      tokenHash: `${salt}:${hmac(`sign-in-code:${userId}:${salt}:${code}`)}`,
      expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS["sign-in-code"] * 1000),
      attempts: 0,
    },
  });
  return code;
}

function sameCode(row: TokenRow, code: string): boolean {
  const [salt = "", stored = ""] = row.tokenHash.split(":");
  const given = Buffer.from(hmac(`sign-in-code:${row.userId}:${salt}:${code}`), "hex");
  const expected = Buffer.from(stored, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Checks a code the user typed. Each call takes one of the code's tries before comparing (a
 * compare-and-swap on the count), so parallel guesses cannot get more than MAX_CODE_TRIES; the right
 * code is spent at once. True when the user may sign in.
 */
export async function spendSignInCode(strapi: Core.Strapi, userId: number, code: string): Promise<boolean> {
  for (let round = 0; round < MAX_CODE_TRIES + 5; round++) {
    const row = (await tokens(strapi).findOne({
      where: { userId, purpose: "sign-in-code", usedAt: null },
      orderBy: { id: "desc" },
    })) as TokenRow | null;
    if (!row || row.attempts >= MAX_CODE_TRIES || new Date(row.expiresAt).getTime() <= Date.now()) return false;
    const taken = (await tokens(strapi).updateMany({
      where: { id: row.id, attempts: row.attempts, usedAt: null },
      data: { attempts: row.attempts + 1 },
    })) as { count: number };
    // Another request took this try first: read the count again.
    if (taken.count !== 1) continue;
    if (!sameCode(row, code)) return false;
    const spent = (await tokens(strapi).updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: new Date() },
    })) as { count: number };
    return spent.count === 1;
  }
  return false;
}

/** Deleting the account: every secret of the user goes. */
export async function dropTokensOf(strapi: Core.Strapi, userId: number): Promise<void> {
  await tokens(strapi).deleteMany({ where: { userId } });
}

/** The cleanup job: secrets that expired, or were spent, before `before`. How many went. */
export async function dropStaleTokens(strapi: Core.Strapi, before: Date): Promise<number> {
  const { count } = (await tokens(strapi).deleteMany({
    where: { $or: [{ expiresAt: { $lt: before } }, { usedAt: { $lt: before } }] },
  })) as { count: number };
  return count;
}
