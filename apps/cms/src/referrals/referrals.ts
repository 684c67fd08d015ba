import { randomInt } from "node:crypto";
import type { Core } from "@strapi/strapi";
import { REFERRAL_CODE_LENGTH } from "@shop/contracts";
import { UNAMBIGUOUS_CODE_ALPHABET } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";

/**
 * Each customer's referral code (docs/decisions/013): drawn at registration, or on first use for a
 * customer made before codes existed. Codes are unique (an index, src/bootstrap/accounts.ts); a
 * draw that collides with another customer's code is drawn again. Rewards come with a later issue.
 */

/** Draws until one is free; with 31^8 codes a second draw is already rare. */
const MAX_DRAWS = 5;

export function drawReferralCode(): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += UNAMBIGUOUS_CODE_ALPHABET[randomInt(UNAMBIGUOUS_CODE_ALPHABET.length)];
  return code;
}

async function storedCode(strapi: Core.Strapi, userId: number): Promise<string | null | undefined> {
  const user = (await strapi.db
    .query(CONTENT_TYPES.user)
    .findOne({ where: { id: userId }, select: ["id", "referralCode"] })) as {
    referralCode: string | null;
  } | null;
  return user === null ? undefined : user.referralCode;
}

/**
 * The customer's code, given now if they have none; undefined when there is no such customer. Two
 * requests racing give the same code: only a customer without one gets one.
 */
export async function ensureReferralCode(strapi: Core.Strapi, userId: number): Promise<string | undefined> {
  let lastError: unknown;
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const code = await storedCode(strapi, userId);
    if (code !== null) return code;
    try {
      await strapi.db
        .query(CONTENT_TYPES.user)
        .updateMany({ where: { id: userId, referralCode: null }, data: { referralCode: drawReferralCode() } });
    } catch (error) {
      // Another customer has this code (the unique index refused it): draw again.
      lastError = error;
    }
  }
  const code = await storedCode(strapi, userId);
  if (code !== null) return code;
  throw new Error(`No free referral code after ${MAX_DRAWS} draws`, { cause: lastError });
}
