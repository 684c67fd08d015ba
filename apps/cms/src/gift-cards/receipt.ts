import type { Core } from "@strapi/strapi";
import { toLocale } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { sendEmail } from "../email/send";
import { storefrontLink } from "../storefront-links";
import { giftCardLabel } from "./cards";

/**
 * The buyer's receipt (src/email/templates/gift-card-receipt.tsx), in the language they bought in,
 * sent once: by the one notification whose issue of the card recorded (./purchase.ts).
 */
export async function sendGiftCardReceipt(strapi: Core.Strapi, giftCardId: number): Promise<void> {
  const card = (await strapi.db.query(CONTENT_TYPES.giftCard).findOne({
    where: { id: giftCardId },
    select: ["amount", "recipientName", "recipientEmail", "sendOn", "buyerEmail", "buyerLocale", "codeTail"],
  })) as {
    amount: number;
    recipientName: string;
    recipientEmail: string;
    sendOn: string | null;
    buyerEmail: string;
    buyerLocale: string | null;
    codeTail: string;
  } | null;
  if (card === null) return;
  const locale = toLocale(card.buyerLocale ?? undefined);
  await sendEmail(strapi, {
    template: "giftCardReceipt",
    to: card.buyerEmail,
    locale,
    props: {
      amount: Number(card.amount),
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      sendOn: card.sendOn,
      label: giftCardLabel(giftCardId),
      codeTail: card.codeTail,
      url: storefrontLink("giftCardCreate", locale),
    },
  });
}
