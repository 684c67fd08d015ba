import type { Core } from "@strapi/strapi";
import { cleanUpAccounts } from "./clean-up-accounts";
import { remindExpiringCards } from "./card-expiry-reminders";
import { expireUnpaid } from "./expire-unpaid-orders";
import { planSubscriptionDeliveries } from "./plan-subscription-deliveries";
import { renewSubscriptions } from "./renew-subscriptions";
import { sendPriceNotices } from "../subscriptions/price-notices/notices";
import { deliverDueSandboxNotifications } from "../payments/sandbox-notifications";
import { oneRunAtATime } from "./one-run-at-a-time";
import { sendDueGiftCards } from "../gift-cards/sending";
import { settleReferrals } from "../referrals/settle";
import { issueOwedInvoices } from "../invoices/issue";

/**
 * The sandbox gateway's notifications due now: recorded decisions whose first try was lost (the CMS
 * stopped right after the page answered) or failed. Run at start (src/index.ts) and every minute.
 */
export async function deliverSandboxNotifications(strapi: Core.Strapi): Promise<void> {
  try {
    const run = await deliverDueSandboxNotifications(strapi);
    if (run.delivered + run.failed + run.abandoned > 0) {
      strapi.log.info(`Sandbox notifications: ${JSON.stringify(run)}`);
    }
  } catch (error) {
    strapi.log.error(`Sandbox notifications failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The scheduled work (docs/decisions/010), as Strapi cron tasks (config/server.ts). Each runs in
 * every CMS instance, so each must be safe to run twice at once. A failure is logged; the next
 * run tries again.
 */
export const cronTasks = {
  cleanUpAccounts: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        const removed = await cleanUpAccounts(strapi);
        strapi.log.info(`Account clean-up: ${JSON.stringify(removed)}`);
      } catch (error) {
        strapi.log.error(`Account clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    // At minute 17 of every hour: away from the full hour, when other schedules pile up.
    options: { rule: "17 * * * *" },
  },
  expireOrders: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        const run = await expireUnpaid(strapi, new Date());
        if (run.orders > 0) strapi.log.info(`Unpaid orders expired: ${run.orders}`);
        if (run.giftCards > 0) strapi.log.info(`Unpaid gift card purchases expired: ${run.giftCards}`);
      } catch (error) {
        strapi.log.error(`Order expiry failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    // Every minute: an unpaid order holds a slot place other customers may want (expireUnpaid).
    options: { rule: "* * * * *" },
  },
  deliverSandboxNotifications: {
    task: ({ strapi }: { strapi: Core.Strapi }) => deliverSandboxNotifications(strapi),
    // Every minute: the shortest pause between two tries of one notification.
    options: { rule: "* * * * *" },
  },
  planSubscriptionDeliveries: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        const run = await planSubscriptionDeliveries(strapi, new Date());
        if (run.pausesEnded + run.locked + run.planned > 0) {
          strapi.log.info(`Subscription deliveries: ${JSON.stringify(run)}`);
        }
      } catch (error) {
        strapi.log.error(`Subscription deliveries failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    // At minute 7 of every hour: cut-offs are at whole minutes staff choose (23:59, 12:00), and an
    // hour late is early enough for a lock (a change after the cut-off is refused by its time anyway);
    // planning 8 weeks ahead needs no more.
    options: { rule: "7 * * * *" },
  },
  renewSubscriptions: {
    task: oneRunAtATime(
      async ({ strapi }: { strapi: Core.Strapi }) => {
        try {
          const run = await renewSubscriptions(strapi, new Date());
          if (Object.values(run).some((count) => count > 0)) {
            strapi.log.info(`Subscription renewals: ${JSON.stringify(run)}`);
          }
        } catch (error) {
          strapi.log.error(`Subscription renewals failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
      {
        onSkipped: ({ strapi }) => strapi.log.info("Subscription renewals: the last run goes on; this one is skipped"),
      },
    ),
    // Every 5 minutes: a renewal is charged soon after its cut-off (the order is what staff pack
    // from), a due retry is not late by more than that, and the packing deadline is kept to the minute
    // by the order's own expiry (expireOrders).
    options: { rule: "*/5 * * * *" },
  },
  remindExpiringCards: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        const sent = await remindExpiringCards(strapi, new Date());
        if (sent > 0) strapi.log.info(`Card expiry reminders: ${sent}`);
      } catch (error) {
        strapi.log.error(`Card expiry reminders failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    // Daily at 09:37 (UTC): a morning mail, away from the full hour.
    options: { rule: "37 9 * * *" },
  },
  sendGiftCards: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        const run = await sendDueGiftCards(strapi, new Date());
        if (run.sent + run.failed > 0) strapi.log.info(`Gift card mails: ${JSON.stringify(run)}`);
      } catch (error) {
        strapi.log.error(`Gift card mails failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    // Every minute: a card bought to go "now" reaches its recipient a minute after its payment, and
    // one planned for a day goes in that day's first minute, Madrid time (docs/decisions/037).
    options: { rule: "* * * * *" },
  },
  sendPriceNotices: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        const sent = await sendPriceNotices(strapi, new Date());
        if (sent > 0) strapi.log.info(`Subscription price notices: ${sent}`);
      } catch (error) {
        strapi.log.error(
          `Subscription price notices failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    // Daily at 08:43 (UTC): staff change prices in the day; the notice goes the next morning, and
    // the new price reaches deliveries 7 days after it (docs/decisions/032).
    options: { rule: "43 8 * * *" },
  },
  settleReferrals: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        const run = await settleReferrals(strapi, new Date());
        if (run.qualified + run.rewarded + run.rejected > 0) strapi.log.info(`Referrals: ${JSON.stringify(run)}`);
      } catch (error) {
        strapi.log.error(`Referrals failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    // Hourly at minute 23: a refund window is days long, so an hour late is on time, and a reward
    // earned in the hour reaches the next order or renewal (src/referrals/settle.ts).
    options: { rule: "23 * * * *" },
  },
  issueOwedInvoices: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      try {
        const run = await issueOwedInvoices(strapi, new Date());
        if (run.invoices + run.correctives > 0) strapi.log.info(`Owed invoices issued: ${JSON.stringify(run)}`);
      } catch (error) {
        strapi.log.error(`Owed invoices failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    // Hourly at minute 37: an invoice that could not be issued with its payment (the Shop settings
    // lacked the legal name or NIF, an error) or a refund's corrective one (docs/decisions/039).
    options: { rule: "37 * * * *" },
  },
};
