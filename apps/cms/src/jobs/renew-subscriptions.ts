import type { Core } from "@strapi/strapi";
import { collectRenewals, type CollectionRun } from "../subscriptions/renewals/collect";
import { orderDueDeliveries } from "../subscriptions/renewals/orders";
import { deleteSentMails, sendQueuedMailsLater } from "../email/queue";

export interface RenewalRun extends CollectionRun {
  ordered: number;
  /** Sent mails past their keeping (src/email/queue.ts, deleteSentMails). */
  mailsDeleted: number;
}

/**
 * Every few minutes (src/jobs/index.ts), at `now` (docs/decisions/030): deliveries whose cut-off has
 * come become their orders, then every renewal still being collected takes its next step (the first
 * charge, a retry, the pay link, or giving up at the packing deadline). Every CMS process runs it:
 * each delivery's order and each charge is claimed by a conditional update of the delivery row, so two
 * runs at once do each thing once, and a run that dies half way is finished by the next.
 */
export async function renewSubscriptions(strapi: Core.Strapi, now: Date): Promise<RenewalRun> {
  const ordered = await orderDueDeliveries(strapi, now);
  const collected = await collectRenewals(strapi, now);
  // Mails a run queued and did not get to send (its process stopped) leave with the next run.
  sendQueuedMailsLater(strapi);
  const mailsDeleted = await deleteSentMails(strapi, now);
  return { ordered, ...collected, mailsDeleted };
}
