import { getEnv } from "../env";

/**
 * Named places in the middle of work that must survive its process's death (issue 24, docs/decisions/051):
 * the cluster's crash test (e2e/cluster/crash.cluster.test.ts) arms one in one CMS process through
 * its end-to-end hook (POST /api/e2e/crash-point), and the process kills itself with SIGKILL when it
 * gets there, as a power cut or the kernel's OOM killer would: no `finally`, no rollback sent, no
 * answer. Armed only through the hook, which answers 404 unless E2E_JOB_HOOKS=true, which src/env.ts
 * refuses in production and with live payment keys; unarmed, each point is one comparison.
 */
export const CRASH_POINTS = [
  // In the notification's transaction: the order locked, the payment decided and the order moved to
  // paid, not yet committed (src/payments/notifications.ts).
  "paymentNotificationBeforeCommit",
  // The notification's transaction committed and logged, before its mail goes (src/payments/notifications.ts).
  "paymentNotificationCommitted",
  // The order's transaction written whole (draft spent, order, slot place, coupon use), not yet
  // committed (src/ordering/orders.ts).
  "orderWrittenBeforeCommit",
  // The order placed and committed (draft spent, slot place, coupon use taken), before its payment
  // starts and the customer is answered (src/ordering/orders.ts).
  "orderPlacedBeforeAnswer",
  // A renewal run's page of first charges answered by the gateway, before any answer is written
  // (src/subscriptions/renewals/collect.ts).
  "renewalChargedBeforeSettled",
] as const satisfies readonly string[];

export type CrashPoint = (typeof CRASH_POINTS)[number];

let armed: CrashPoint | null = null;

/** Arms `point` in this process (the next time work passes it, the process dies); false when the hooks are off. */
export function armCrashPoint(point: CrashPoint): boolean {
  if (!getEnv().e2eJobHooks) return false;
  armed = point;
  return true;
}

/** Dies here, at once and without cleaning up, if the crash test armed this point in this process. */
export function crashPoint(point: CrashPoint): void {
  if (armed === point) process.kill(process.pid, "SIGKILL");
}
