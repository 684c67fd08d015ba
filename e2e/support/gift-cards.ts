import { pathTo } from "@shop/routing";
import type { Page } from "playwright-core";
import { giftCardTextsFor } from "../../apps/storefront/app/gift-cards/texts";

/** Madrid's calendar day `days` after today (YYYY-MM-DD): the gift card's send date is the shop's day. */
export function madridDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * Buys a gift card in Spanish as a visitor does: the orchard design, to Nuria from Pau, sent on
 * `sendOn` (YYYY-MM-DD), the receipt to `buyerEmail`; ends by pressing Pay (the sandbox page follows).
 */
export async function orderGiftCard(
  page: Page,
  { recipient, buyerEmail, sendOn }: { recipient: string; buyerEmail: string; sendOn: string },
): Promise<void> {
  const texts = giftCardTextsFor("es");
  await page.goto(pathTo("giftCardCreate", "es"));
  await page.getByLabel(texts.designs.orchard).check();
  await page.getByLabel(texts.recipientName).fill("Nuria");
  await page.getByLabel(texts.recipientEmail).fill(recipient);
  await page.getByLabel(texts.senderName).fill("Pau");
  await page.getByLabel(texts.sendOnDate).check();
  await page.getByLabel(texts.sendOn).fill(sendOn);
  await page.getByLabel(texts.buyerEmail).fill(buyerEmail);
  await page.getByRole("button", { name: new RegExp(`^${texts.pay.split(" {total}")[0]}`) }).click();
}
