import type { Core } from "@strapi/strapi";
import { z } from "zod";
import { action, parse } from "../../../http/action";
import { e2eHookAllowed } from "../../../http/e2e-hooks";
import { isMonthDay } from "@shop/domain";
import { armCrashPoint, CRASH_POINTS } from "../../../http/crash-points";
import {
  cleanUpAccountsAt,
  deliverOrder,
  expireUnpaidAt,
  deliverSandboxNotificationsAt,
  renewSubscriptionsAt,
  sendGiftCardsAt,
  setSaleSeason,
  settleReferralsAt,
} from "../../../jobs/e2e-hooks";

const runAtBody = z.object({ now: z.string().datetime({ offset: true }) }).strict();
const orderBody = z.object({ number: z.string().min(1).max(64) }).strict();
const monthDay = z.string().refine(isMonthDay, "a day of the year, MM-DD").nullable();
const crashBody = z.object({ point: z.enum(CRASH_POINTS) }).strict();
const seasonBody = z.object({ sku: z.string().min(1).max(64), saleFrom: monthDay, saleUntil: monthDay }).strict();

/**
 * Runs a job at the test's `now`; 404 (as for any unknown path) unless E2E_JOB_HOOKS=true, 403
 * without E2E_HOOK_SECRET in the X-E2E-Hook-Secret header.
 */
function runAt<T>(job: (strapi: Core.Strapi, now: Date) => Promise<T>, strapi: Core.Strapi) {
  return action(async (ctx) => {
    if (!e2eHookAllowed(ctx)) return;
    const body = parse(ctx, runAtBody);
    if (body === undefined) return;
    ctx.body = await job(strapi, new Date(body.now));
  });
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /e2e/jobs/renew-subscriptions {now} -> the run's counts. */
  renewSubscriptions: runAt(renewSubscriptionsAt, strapi),
  /** POST /e2e/jobs/send-gift-cards {now} -> { sent, failed }. */
  sendGiftCards: runAt(sendGiftCardsAt, strapi),
  /** POST /e2e/jobs/deliver-sandbox-notifications {now} -> { delivered, failed, abandoned }. */
  deliverSandboxNotifications: runAt(deliverSandboxNotificationsAt, strapi),
  /** POST /e2e/jobs/settle-referrals {now} -> { qualified, rewarded, rejected }. */
  settleReferrals: runAt(settleReferralsAt, strapi),
  /** POST /e2e/jobs/expire-unpaid {now} -> { orders, drafts, giftCards }. */
  expireUnpaid: runAt(expireUnpaidAt, strapi),
  /** POST /e2e/jobs/clean-up-accounts {now} -> { sessions, oneTimeTokens, newsletterRequests }. */
  cleanUpAccounts: runAt(cleanUpAccountsAt, strapi),
  /** POST /e2e/orders/deliver {number} -> { delivered }: a paid order through staff's steps. */
  deliverOrder: action(async (ctx) => {
    if (!e2eHookAllowed(ctx)) return;
    const body = parse(ctx, orderBody);
    if (body === undefined) return;
    ctx.body = await deliverOrder(strapi, body.number);
  }),
  /**
   * POST /e2e/crash-point {point} -> { armed }: this process kills itself (SIGKILL) when its work next
   * passes `point` (src/http/crash-points.ts, docs/decisions/051). Sent to one process, not the balancer.
   */
  armCrashPoint: action(async (ctx) => {
    if (!e2eHookAllowed(ctx)) return;
    const body = parse(ctx, crashBody);
    if (body === undefined) return;
    ctx.body = { armed: armCrashPoint(body.point) };
  }),
  /** POST /e2e/products/sale-season {sku, saleFrom, saleUntil} -> { updated }: staff's edit of a season. */
  setSaleSeason: action(async (ctx) => {
    if (!e2eHookAllowed(ctx)) return;
    const body = parse(ctx, seasonBody);
    if (body === undefined) return;
    ctx.body = await setSaleSeason(strapi, body);
  }),
});
