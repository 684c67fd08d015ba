import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * The end-to-end tests' hook (src/jobs/e2e-hooks.ts): a scheduled job run at a time the test names.
 * The controller answers 404, as for any unknown path, unless the CMS runs with E2E_JOB_HOOKS=true,
 * which the CMS refuses to start with in production or with live payment keys (src/env.ts), and 403
 * to a call without E2E_HOOK_SECRET in its X-E2E-Hook-Secret header (src/http/e2e-hooks.ts).
 */
const route = selfCheckedRoutes("e2e-hook");

export default {
  routes: [
    route("POST", "/e2e/jobs/renew-subscriptions", "renewSubscriptions"),
    route("POST", "/e2e/jobs/send-gift-cards", "sendGiftCards"),
    route("POST", "/e2e/jobs/deliver-sandbox-notifications", "deliverSandboxNotifications"),
    route("POST", "/e2e/jobs/settle-referrals", "settleReferrals"),
    route("POST", "/e2e/jobs/expire-unpaid", "expireUnpaid"),
    route("POST", "/e2e/jobs/clean-up-accounts", "cleanUpAccounts"),
    route("POST", "/e2e/orders/deliver", "deliverOrder"),
    route("POST", "/e2e/products/sale-season", "setSaleSeason"),
    route("POST", "/e2e/crash-point", "armCrashPoint"),
  ],
};
