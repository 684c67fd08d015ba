import type { Core } from "@strapi/strapi";
import { dropExpiredRequests } from "../newsletter/newsletter";
import { dropStaleTokens } from "../accounts/one-time-tokens";
import { dropExpiredSessions } from "../accounts/sessions";

/** Spent or expired one-time secrets stay a day (to answer a customer who asks why a link failed). */
const SPENT_TOKENS_KEPT_MS = 24 * 60 * 60 * 1000;

export interface CleanUpResult {
  sessions: number;
  oneTimeTokens: number;
  newsletterRequests: number;
}

/**
 * Hourly (src/jobs/index.ts): what the account services leave behind once it has no use. Expired
 * sessions, one-time secrets expired or spent more than a day ago, and newsletter requests never
 * confirmed within their link's validity (the consent log keeps the request). Every instance runs
 * it; each step is one conditional DELETE, so two instances at once only delete what one would.
 */
export async function cleanUpAccounts(strapi: Core.Strapi, now: Date = new Date()): Promise<CleanUpResult> {
  return {
    sessions: await dropExpiredSessions(strapi, now),
    oneTimeTokens: await dropStaleTokens(strapi, new Date(now.getTime() - SPENT_TOKENS_KEPT_MS)),
    newsletterRequests: await dropExpiredRequests(strapi, now),
  };
}
