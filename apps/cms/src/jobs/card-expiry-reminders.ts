import type { Core } from "@strapi/strapi";
import { toLocale } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { queueMail, sendQueuedMailsLater } from "../email/queue";
import { storefrontLink } from "../storefront-links";

/**
 * The e-mail 30 days before a saved card expires (docs/decisions/029), once per card: each card is
 * claimed by one conditional update of its `expiryReminderSentAt`, in the same transaction as its
 * mail's row in the mail queue (src/email/queue.ts, docs/decisions/043), so two CMS processes running
 * the job at once queue it once, a crash loses neither, and a mail that fails is tried again by the
 * queue.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long before the expiry the customer is told. */
export const CARD_EXPIRY_NOTICE_DAYS = 30;

interface CardRow {
  id: number;
  brand: string | null;
  last4: string | null;
  expiryMonth: number;
  expiryYear: number;
  locale: string | null;
  user: { email: string; firstName: string | null; blocked: boolean | null } | null;
}

/** A card is good until the last day of its expiry month: it expires when the next month begins (UTC). */
function expiresAt(card: { expiryMonth: number; expiryYear: number }): Date {
  return new Date(Date.UTC(card.expiryYear, card.expiryMonth, 1));
}

const rows = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.paymentMethod);

/** Queues the reminders due at `now` and has the queue send them after the run; how many were queued. */
export async function remindExpiringCards(strapi: Core.Strapi, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + CARD_EXPIRY_NOTICE_DAYS * DAY_MS);
  const candidates = (await rows(strapi).findMany({
    where: {
      methodStatus: "active",
      expiryReminderSentAt: { $null: true },
      expiryYear: { $notNull: true, $lte: horizon.getUTCFullYear() },
      expiryMonth: { $notNull: true },
    },
    select: ["id", "brand", "last4", "expiryMonth", "expiryYear", "locale"],
    populate: { user: { select: ["email", "firstName", "blocked"] } },
  })) as CardRow[];
  let sent = 0;
  for (const card of candidates) {
    const expiry = expiresAt(card);
    // Due from 30 days before the expiry until it; an expired card has nothing left to warn of.
    if (expiry > horizon || expiry <= now || card.user === null || card.user.blocked === true) continue;
    const locale = toLocale(card.locale);
    const user = card.user;
    const queued = await strapi.db.transaction(async () => {
      const { count } = (await rows(strapi).updateMany({
        where: { id: card.id, expiryReminderSentAt: { $null: true } },
        data: { expiryReminderSentAt: now },
      })) as { count: number };
      if (count !== 1) return false;
      return queueMail(strapi, {
        key: `card-expiry:${card.id}`,
        now,
        message: {
          template: "cardExpiring",
          to: user.email,
          locale,
          props: {
            name: user.firstName,
            card: `${(card.brand ?? "").toUpperCase()} •••• ${card.last4 ?? ""}`.trim(),
            expiry: `${String(card.expiryMonth).padStart(2, "0")}/${card.expiryYear}`,
            url: `${storefrontLink("profile", locale)}#cards`,
          },
        },
      });
    });
    if (queued) sent++;
  }
  if (sent > 0) sendQueuedMailsLater(strapi);
  return sent;
}
