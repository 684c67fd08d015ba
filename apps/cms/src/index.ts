import type { Core } from "@strapi/strapi";
import { withStartupLock } from "./bootstrap/lock";
import { logServerErrorsOnly } from "./http/connection-errors";
import { ensureAccountIndexes } from "./bootstrap/accounts";
import { ensureDemoAdmin } from "./bootstrap/demo-admin";
import { grantPublicReads } from "./bootstrap/permissions";
import { withholdCustomerDataFromContentRoles } from "./bootstrap/staff-roles";
import { getEnv } from "./env";
import { seedDemoData } from "./seed";
import { flushAfterAnswer } from "./http/after-answer";
import { closeRateLimits, prepareRateLimits } from "./rate-limits/rate-limits";
import { fillDemoMeasures } from "./seed/measures";
import { seedDemoDelivery } from "./seed/delivery";
import { ensureOrderIndexes, registerStaffRules } from "./ordering/admin";
import { registerAccountErasure } from "./accounts/admin";
import { deliverSandboxNotifications } from "./jobs";
import { ensureSubscriptionIndexes } from "./subscriptions/indexes";
import { ensureGiftCardIndexes } from "./gift-cards/indexes";
import { ensureReferralIndexes } from "./referrals/indexes";
import { ensureInvoiceIndexes } from "./invoices/indexes";
import { registerSubscriptionStaffRules } from "./subscriptions/staff/admin-guard";
import { registerGiftCardStaffRules } from "./gift-cards/admin-guard";
import { ensureStaffRole } from "./gift-cards/staff";
import { applyAdminLabels } from "./admin-labels/apply";
import { keepStaffAbilities } from "./admin-speed/abilities";
import { stopWatchingContentChanges, watchContentChanges } from "./content-changes/announce";

export default {
  /** Runs before the application is initialized: extend code here (content types, plugins). */
  register({ strapi }: { strapi: Core.Strapi }) {
    registerStaffRules(strapi);
    registerAccountErasure(strapi);
    registerSubscriptionStaffRules(strapi);
    registerGiftCardStaffRules(strapi);
    logServerErrorsOnly(strapi);
  },

  /** Runs once the database and routes are ready, before the server starts listening. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const env = getEnv();
    // Staff's permissions worked out once per member of staff rather than on every admin request (decision 041).
    keepStaffAbilities(strapi);
    await ensureDemoAdmin(strapi, env);
    await withStartupLock(strapi, "imperfecta:permissions", () => grantPublicReads(strapi));
    await withStartupLock(strapi, "imperfecta:content-roles", () => withholdCustomerDataFromContentRoles(strapi));
    await ensureAccountIndexes(strapi);
    await ensureOrderIndexes(strapi);
    await ensureSubscriptionIndexes(strapi);
    await ensureGiftCardIndexes(strapi);
    await ensureReferralIndexes(strapi);
    await ensureInvoiceIndexes(strapi);
    // The users-permissions role the admin panel grants to shop staff (storefront /admin/gift-cards).
    await withStartupLock(strapi, "imperfecta:staff-role", () => ensureStaffRole(strapi));
    // Spanish labels and main fields in the admin panel's views, never over staff's own (decision 041).
    await withStartupLock(strapi, "imperfecta:admin-labels", () => applyAdminLabels(strapi));
    await prepareRateLimits(strapi.log);
    // Staff's catalogue and content changes reach every storefront process at once (decision 050),
    // and the reads the CMS processes keep (decision 055).
    watchContentChanges(strapi, { redisUrl: env.redisUrl || null });
    await seedDemoData(strapi, { enabled: env.seedDemoData });
    if (env.seedDemoData) await withStartupLock(strapi, "imperfecta:demo-measures", () => fillDemoMeasures(strapi));
    if (env.seedDemoData) await withStartupLock(strapi, "imperfecta:demo-delivery", () => seedDemoDelivery(strapi));
    // What the sandbox gateway recorded before the last stop and had not yet told the shop, sent now
    // rather than at the first minute of the schedule (a customer may be waiting on the order's page).
    await deliverSandboxNotifications(strapi);
  },

  /** Runs when the process stops: work left after an answer (account mails) is done, Redis is let go. */
  async destroy() {
    await flushAfterAnswer();
    await closeRateLimits();
    await stopWatchingContentChanges();
  },
};
