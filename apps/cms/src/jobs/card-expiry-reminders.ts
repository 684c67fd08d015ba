import type { Core } from "@strapi/strapi";
import { toLocale } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { sendEmail } from "../email/send";
import { storefrontLink } from "../storefront-links";

/**
 * The e-mail 30 days before a saved card expires (docs/decisions/029), once per card: each card is
 * claimed by one conditional update of its `expiryReminderSentAt` before its mail is sent, so two
 * CMS processes running the job at once send it once. A mail that fails gives the claim back, and
 * the next run tries again.
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

/** Sends the reminders due at `now`; how many were sent. */
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
    const { count } = (await rows(strapi).updateMany({
      where: { id: card.id, expiryReminderSentAt: { $null: true } },
      data: { expiryReminderSentAt: now },
    })) as { count: number };
    if (count !== 1) continue;
    const locale = toLocale(card.locale);
    try {
      await sendEmail(strapi, {
        template: "cardExpiring",
        to: card.user.email,
        locale,
        props: {
          name: card.user.firstName,
          card: `${(card.brand ?? "").toUpperCase()} •••• ${card.last4 ?? ""}`.trim(),
          expiry: `${String(card.expiryMonth).padStart(2, "0")}/${card.expiryYear}`,
          url: `${storefrontLink("profile", locale)}#cards`,
        },
      });
      sent++;
    } catch (error) {
      await rows(strapi).updateMany({ where: { id: card.id }, data: { expiryReminderSentAt: null } });
      strapi.log.error(
        `Card expiry reminder ${card.id} not sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return sent;
}
