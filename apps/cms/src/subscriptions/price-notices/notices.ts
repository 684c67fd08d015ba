import type { Core } from "@strapi/strapi";
import { shopDateOf, type IsoDate } from "@shop/domain";
import {
  firstDateAtNewPrice,
  firstDeliveryAtNewPrice,
  lastToldPrice,
  type SubscriptionStatus,
} from "@shop/domain/subscriptions";
import { CONTENT_TYPES } from "../../content-types";
import { newDocumentId, tableOf, type Sql } from "../../database/sql";
import { sendEmail } from "../../email/send";
import { loadOrderProducts, productName, type OrderProduct } from "../../ordering/products";
import { priceDraft } from "../../ordering/quote";
import { storefrontLink } from "../../storefront-links";
import { bringsABox } from "../plan";
import { deliveriesFrom, draftOf, loadSubscription, type SubscriptionRow } from "../store";
import { boxPricesOn, type ToldPrices } from "./told";

/**
 * The daily price-notice job (docs/decisions/032): a subscriber whose box's catalogue price is no
 * longer the last price they were told gets one e-mail with one delivery's price before and after and
 * the first delivery at the new price (at least PRICE_NOTICE_DAYS away), and the told prices gain
 * the new one with the mail's time. Renewals charge the told prices (told.ts), so nothing changes for
 * the customer before the notice's days have passed.
 *
 * Exactly one mail per subscription and price change, with the job running in every CMS process:
 * the claim is a notice row whose `claim` (subscription, product, number of prices told so far) is
 * unique, inserted with ON CONFLICT DO NOTHING; only the runner whose insert wrote the row sends.
 * A mail that fails gives the claim back. A runner that died after claiming leaves the row unsent:
 * after CLAIM_TIMEOUT_MS another run takes it over (conditional UPDATE of claimedAt) and sends it.
 */

/** Subscriptions that renew and so must hear of a price before it is charged. */
const NOTIFIED_STATUSES = ["active", "paused", "past_due"] as const satisfies readonly SubscriptionStatus[];

/** A claim older than this without its mail sent is taken over (its runner stopped half way). */
export const CLAIM_TIMEOUT_MS = 10 * 60 * 1000;

const PAGE = 200;

const notices = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.subscriptionPriceNotice);

/** The notice's claim, unique: made at every boot (src/subscriptions/indexes.ts). */
export async function ensurePriceNoticeIndex(strapi: Core.Strapi): Promise<void> {
  const table = tableOf(strapi, CONTENT_TYPES.subscriptionPriceNotice);
  await strapi.db.connection.raw("CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)", [
    "shop_subscription_price_notices_claim_unique",
    table.name,
    table.column("claim"),
  ]);
}

interface Change {
  row: SubscriptionRow;
  product: OrderProduct;
  oldPrice: number;
  newPrice: number;
  /** The claim: subscription, product, and how many prices were told before this one. */
  claim: string;
}

/** Inserts the claim's row; true when this call wrote it or took over a stale one. */
async function claim(strapi: Core.Strapi, change: Change, now: Date): Promise<boolean> {
  const table = tableOf(strapi, CONTENT_TYPES.subscriptionPriceNotice);
  const inserted = (await strapi.db
    .connection(table.name)
    .insert({
      [table.column("documentId")]: newDocumentId(),
      [table.column("subscriptionId")]: change.row.id,
      [table.column("claim")]: change.claim,
      [table.column("productId")]: change.product.id,
      [table.column("oldPrice")]: change.oldPrice,
      [table.column("newPrice")]: change.newPrice,
      [table.column("claimedAt")]: now,
      [table.column("createdAt")]: now,
      [table.column("updatedAt")]: now,
      [table.column("publishedAt")]: now,
    })
    .onConflict(table.column("claim"))
    .ignore()
    .returning("id")) as unknown[];
  if (inserted.length === 1) return true;
  const { count } = (await notices(strapi).updateMany({
    where: {
      claim: change.claim,
      sentAt: { $null: true },
      claimedAt: { $lt: new Date(now.getTime() - CLAIM_TIMEOUT_MS) },
    },
    data: { claimedAt: now },
  })) as { count: number };
  return count === 1;
}

/** One delivery's total on `date` with the box at `price` and the others as told. */
async function deliveryTotal(strapi: Core.Strapi, change: Change, date: IsoDate, price: number, now: Date) {
  const { row } = change;
  const boxPrices = new Map(boxPricesOn(row, date)).set(change.product.id, price);
  const priced = await priceDraft(strapi, draftOf(row), {
    userId: row.user!.id,
    locale: row.locale,
    now,
    boxPrices,
    saleLimits: "grandfathered",
  });
  return priced.totals.total;
}

/** The told prices gain the new one, under the subscription's row lock (two products' notices may race). */
async function recordTold(strapi: Core.Strapi, change: Change, now: Date): Promise<void> {
  const table = tableOf(strapi, CONTENT_TYPES.subscription);
  await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const query = trx(table.name).where("id", change.row.id);
    if (strapi.db.dialect.client === "postgres") query.forUpdate();
    const [found] = (await query.select(table.column("toldPrices"))) as Record<string, unknown>[];
    const stored = found?.[table.column("toldPrices")];
    const told = (typeof stored === "string" ? JSON.parse(stored) : (stored ?? {})) as ToldPrices;
    const key = String(change.product.id);
    told[key] = [...(told[key] ?? []), { price: change.newPrice, noticeSentAt: now.toISOString() }];
    await strapi.db
      .query(CONTENT_TYPES.subscription)
      .update({ where: { id: change.row.id }, data: { toldPrices: told } });
  });
}

/** Claims, mails and records one change. True when this call sent its mail. */
async function notify(strapi: Core.Strapi, change: Change, now: Date): Promise<boolean> {
  const { row } = change;
  if (!(await claim(strapi, change, now))) return false;
  try {
    const coming = (await deliveriesFrom(strapi, row.id, shopDateOf(now))).filter(bringsABox);
    const appliesFrom = firstDeliveryAtNewPrice(coming, now)?.date ?? firstDateAtNewPrice(now)!;
    const [oldTotal, newTotal] = [
      await deliveryTotal(strapi, change, appliesFrom, change.oldPrice, now),
      await deliveryTotal(strapi, change, appliesFrom, change.newPrice, now),
    ];
    await sendEmail(strapi, {
      template: "subscriptionPriceNotice",
      to: row.user!.email,
      locale: row.locale,
      props: {
        name: row.user!.firstName,
        box: productName(change.product, row.locale),
        oldPrice: oldTotal,
        newPrice: newTotal,
        appliesFrom,
        url: storefrontLink("subscriptionDetail", row.locale, {}, { id: row.documentId }),
      },
    });
    // From here the mail is out: the notice and the told price are what renewals charge.
    await notices(strapi).updateMany({ where: { claim: change.claim }, data: { sentAt: now, appliesFrom } });
    await recordTold(strapi, change, now);
    return true;
  } catch (error) {
    await notices(strapi).deleteMany({ where: { claim: change.claim, sentAt: { $null: true } } });
    strapi.log.error(
      `Price notice ${change.claim} not sent: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}

/**
 * A subscription's boxes with nothing told yet (made before the snapshot existed, or a box the
 * customer changed to at the price the account quoted) take today's price as told, without a mail.
 */
async function startTold(strapi: Core.Strapi, row: SubscriptionRow, products: ReadonlyMap<number, OrderProduct>) {
  const missing = row.boxes.filter((box) => !row.toldPrices?.[String(box.productId)] && products.has(box.productId));
  if (missing.length === 0) return row;
  const told: ToldPrices = { ...row.toldPrices };
  for (const { productId } of missing)
    told[String(productId)] = [{ price: products.get(productId)!.price, noticeSentAt: null }];
  await strapi.db.query(CONTENT_TYPES.subscription).update({ where: { id: row.id }, data: { toldPrices: told } });
  return { ...row, toldPrices: told };
}

/** The subscription's boxes whose catalogue price is not the last one told. */
function changesOf(row: SubscriptionRow, products: ReadonlyMap<number, OrderProduct>): Change[] {
  const changes: Change[] = [];
  for (const productId of new Set(row.boxes.map((box) => box.productId))) {
    const product = products.get(productId);
    const told = row.toldPrices?.[String(productId)] ?? [];
    const last = lastToldPrice(told);
    if (!product || last === null || last === product.price) continue;
    changes.push({
      row,
      product,
      oldPrice: last,
      newPrice: product.price,
      claim: `${row.id}:${productId}:${told.length}`,
    });
  }
  return changes;
}

/** The job's run at `now`: how many notices this call sent. */
export async function sendPriceNotices(strapi: Core.Strapi, now: Date): Promise<number> {
  let sent = 0;
  for (let afterId = 0; ;) {
    const page = (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
      where: { id: { $gt: afterId }, subscriptionStatus: { $in: [...NOTIFIED_STATUSES] } },
      select: ["id"],
      orderBy: { id: "asc" },
      limit: PAGE,
    })) as { id: number }[];
    for (const { id } of page) {
      const found = await loadSubscription(strapi, id);
      if (!found?.user) continue;
      const products = await loadOrderProducts(
        strapi,
        found.boxes.map((box) => box.productId),
      );
      const row = await startTold(strapi, found, products);
      for (const change of changesOf(row, products)) if (await notify(strapi, change, now)) sent++;
    }
    if (page.length < PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  return sent;
}
