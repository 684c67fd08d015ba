import { randomBytes, randomUUID } from "node:crypto";
import type { Core } from "@strapi/strapi";
import { formatCents, LOCALE_TAGS, shopDateOf, toLocale } from "@shop/domain";
import { drawGiftCardCode, formatGiftCardCode, giftCardTailOf } from "@shop/domain/gift-cards";
import { CONTENT_TYPES } from "../content-types";
import { sendEmail } from "../email/send";
import { storefrontLink } from "../storefront-links";
import { codeHashOf } from "./cards";
import { giftCardPdf } from "./card-pdf";
import { openGiftCardCode, sealGiftCardCode } from "./sealed-code";

/**
 * The recipient's e-mail (issue 23, docs/decisions/037): sent on the card's `sendOn` (Madrid's date;
 * none: as soon as the card is issued) by the job of every CMS process, exactly once:
 *
 * - A process claims a card with one conditional UPDATE (`sendClaim`, `sendClaimedAt`) that only
 *   an unsent, active, unclaimed card matches (or one whose claim is older than the lease): of two
 *   processes, the database lets one change the row, and the other sees 0 rows and moves on.
 * - After the mail, the card gets `sentAt` and its sealed code is erased, in one UPDATE that only
 *   the claim's owner matches. A mail that fails gives the claim back and counts a failure; the job
 *   tries again after 1, 2, 4, 8 minutes and stops after GIFT_CARD_MAIL_TRIES (staff see "mail
 *   failed"; their resend starts the count again).
 * - A process that dies between its claim and `sentAt` leaves a claim that another run takes over
 *   once the lease has passed: the mail is never lost; if it died after the mail had gone, the
 *   recipient gets it twice (and the same code), which is the cheaper mistake.
 *
 * Staff's resend goes through the same claim. A sent card's code is no longer kept, so a resend
 * gives the card a new code (the old one stops working, in accounts and order drafts too; balance
 * and ledger stay the card's).
 */

/** How long a claim holds before another process may take the card over: far above one mail's send. */
export const SEND_CLAIM_LEASE_MS = 10 * 60 * 1000;
/**
 * Tries of a recipient's mail before the job gives up (staff's page then says "mail failed", and
 * their resend starts again): a bad address or a mail server refusing it is not retried for ever.
 */
export const GIFT_CARD_MAIL_TRIES = 5;
/** The wait after the nth failure: 1, 2, 4, 8 minutes (doubling), so a passing outage is waited out. */
const retryDelayMs = (failures: number) => 60_000 * 2 ** Math.max(0, failures - 1);

/** Cards looked at per run: a run a minute sends thousands an hour. */
const CARDS_PER_RUN = 200;

interface CardToSend {
  id: number;
  amount: number;
  design: string | null;
  recipientName: string;
  recipientEmail: string;
  recipientLocale: string | null;
  senderName: string | null;
  message: string | null;
  codeSealed: string | null;
}

export type GiftCardSendOutcome = "sent" | "taken" | "failed";

const cards = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.giftCard);

async function claim(
  strapi: Core.Strapi,
  giftCardId: number,
  token: string,
  { now, resend }: { now: Date; resend: boolean },
): Promise<boolean> {
  const staleBefore = new Date(now.getTime() - SEND_CLAIM_LEASE_MS);
  const { count } = (await cards(strapi).updateMany({
    where: {
      id: giftCardId,
      state: "active",
      // A resend is for a card already sent; the job's send only for one that was not.
      ...(resend ? {} : { sentAt: { $null: true } }),
      $or: [{ sendClaimedAt: { $null: true } }, { sendClaimedAt: { $lt: staleBefore } }],
    },
    // Staff's resend starts the tries again.
    data: { sendClaim: token, sendClaimedAt: now, ...(resend ? { sendFailures: 0, sendRetryAt: null } : {}) },
  })) as { count: number };
  return count === 1;
}

/**
 * The code the mail carries: the sealed one, or (after a send, or under another key) a new one; null
 * when this process's claim was taken over meanwhile (its UPDATE changed no row), so the new code was
 * never stored and must not be mailed: it would be a dead code.
 */
async function codeFor(strapi: Core.Strapi, card: CardToSend, token: string): Promise<string | null> {
  const kept = openGiftCardCode(card.codeSealed);
  if (kept !== null) return kept;
  const code = drawGiftCardCode(randomBytes);
  // Sealed before the mail, and the card unsent again: should the mail fail or the process stop, the
  // job sends this code within the minute rather than leave the recipient with the old, dead one.
  // The old code is dead everywhere (docs/decisions/040): the account that kept the card by it lets
  // it go in the same UPDATE (its holder adds it again with the new code), and order drafts that hold
  // it by the old code no longer spend it (redeem.ts compares the code they were typed with).
  const { count } = (await cards(strapi).updateMany({
    where: { id: card.id, sendClaim: token },
    data: {
      codeHash: codeHashOf(code),
      codeTail: giftCardTailOf(code),
      codeSealed: sealGiftCardCode(code),
      sentAt: null,
      ownerId: null,
      ownedSince: null,
    },
  })) as { count: number };
  return count === 1 ? code : null;
}

async function mail(card: CardToSend, code: string, strapi: Core.Strapi): Promise<void> {
  const locale = toLocale(card.recipientLocale);
  const amount = formatCents(Number(card.amount), LOCALE_TAGS[locale]);
  const grouped = formatGiftCardCode(code);
  const url = storefrontLink("newOrder", locale);
  const pdf = await giftCardPdf({
    locale,
    design: card.design,
    amount,
    code: grouped,
    recipientName: card.recipientName,
    senderName: card.senderName,
    message: card.message,
    shopUrl: new URL(url).host,
  });
  await sendEmail(strapi, {
    template: "giftCardRecipient",
    to: card.recipientEmail,
    locale,
    props: {
      name: card.recipientName,
      from: card.senderName !== null && card.senderName.trim() !== "" ? card.senderName : null,
      amount,
      code: grouped,
      message: card.message,
      url,
      balanceUrl: `${storefrontLink("giftCardCreate", locale)}#saldo`,
    },
    attachments: [{ filename: "imperfecta-gift-card.pdf", content: pdf, contentType: "application/pdf" }],
  });
}

/**
 * Sends one card's mail if this call wins its claim: "taken" when another process holds it (or the
 * card is not active, or, unless `resend`, already sent).
 */
export async function sendGiftCardMail(
  strapi: Core.Strapi,
  giftCardId: number,
  { now, resend = false }: { now: Date; resend?: boolean },
): Promise<GiftCardSendOutcome> {
  const token = randomUUID();
  if (!(await claim(strapi, giftCardId, token, { now, resend }))) return "taken";
  const release = () =>
    cards(strapi).updateMany({
      where: { id: giftCardId, sendClaim: token },
      data: { sendClaim: null, sendClaimedAt: null },
    });
  try {
    const card = (await cards(strapi).findOne({
      where: { id: giftCardId },
      select: [
        "id",
        "amount",
        "design",
        "recipientName",
        "recipientEmail",
        "recipientLocale",
        "senderName",
        "message",
        "codeSealed",
      ],
    })) as CardToSend;
    const code = await codeFor(strapi, card, token);
    if (code === null) return "taken";
    await mail(card, code, strapi);
  } catch (error) {
    await release();
    await countFailure(strapi, giftCardId, now);
    strapi.log.error(
      `Gift card ${giftCardId}: the recipient's mail was not sent (${error instanceof Error ? error.message : String(error)})`,
    );
    return "failed";
  }
  await cards(strapi).updateMany({
    where: { id: giftCardId, sendClaim: token },
    data: { sentAt: now, codeSealed: null, sendClaim: null, sendClaimedAt: null },
  });
  return "sent";
}

/** One more failed try of the card's mail, and when the job may try again. */
async function countFailure(strapi: Core.Strapi, giftCardId: number, now: Date): Promise<void> {
  const row = (await cards(strapi).findOne({ where: { id: giftCardId }, select: ["sendFailures"] })) as {
    sendFailures: number | null;
  } | null;
  const failures = Number(row?.sendFailures ?? 0) + 1;
  await cards(strapi).updateMany({
    where: { id: giftCardId },
    data: { sendFailures: failures, sendRetryAt: new Date(now.getTime() + retryDelayMs(failures)) },
  });
}

/**
 * The scheduled job (src/jobs/index.ts, every minute): every active card not yet sent whose day has
 * come in Madrid, at `now` (injected, so that tests and the e2e hooks choose the day).
 */
export async function sendDueGiftCards(strapi: Core.Strapi, now: Date): Promise<{ sent: number; failed: number }> {
  const today = shopDateOf(now);
  const staleBefore = new Date(now.getTime() - SEND_CLAIM_LEASE_MS);
  const due = (await cards(strapi).findMany({
    where: {
      state: "active",
      sentAt: { $null: true },
      $and: [
        { $or: [{ sendOn: { $null: true } }, { sendOn: { $lte: today } }] },
        { $or: [{ sendClaimedAt: { $null: true } }, { sendClaimedAt: { $lt: staleBefore } }] },
        // Backed off after a failure, and given up after GIFT_CARD_MAIL_TRIES (staff resend it).
        { $or: [{ sendFailures: { $null: true } }, { sendFailures: { $lt: GIFT_CARD_MAIL_TRIES } }] },
        { $or: [{ sendRetryAt: { $null: true } }, { sendRetryAt: { $lte: now } }] },
      ],
    },
    select: ["id"],
    orderBy: { id: "asc" },
    limit: CARDS_PER_RUN,
  })) as { id: number }[];
  const run = { sent: 0, failed: 0 };
  for (const { id } of due) {
    const outcome = await sendGiftCardMail(strapi, id, { now });
    if (outcome === "sent") run.sent++;
    if (outcome === "failed") run.failed++;
  }
  return run;
}
