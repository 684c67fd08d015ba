import type { Core } from "@strapi/strapi";
import type { OrderDraft } from "@shop/contracts";
import {
  eurosToCents,
  fallbackChain,
  isMonthDay,
  isOnlyB2B,
  isOnlyB2C,
  MARKET_TYPES,
  parseTaxRate,
  PRODUCT_TYPES,
  purchaseRefusal,
  saleRefusal,
  type Cents,
  type Locale,
  type MarketType,
  type PriceAudience,
  type ProductType,
  type TaxRate,
} from "@shop/domain";
import { VISIBLE_PRODUCT_FILTER } from "../catalogue/product";
import { OrderError } from "./errors";
import { CONTENT_TYPES } from "../content-types";
import { keptRead } from "../content-changes/kept-reads";

/**
 * The catalogue as an order reads it: what a draft's products are (a box, an item, a complementary
 * product), who may buy them, their net price and tax rate now, and their names. Hidden products
 * (hide_from_web) are not found, as everywhere in the shop.
 */

export interface OrderProduct {
  id: number;
  type: ProductType;
  isActive: boolean;
  marketTypes: MarketType[];
  /** Net, in cents. */
  price: Cents;
  taxRate: TaxRate;
  names: Partial<Record<Locale, string>>;
  /** A box's type ("mixed", "fruits"…) and size ("S", "IM", "XL"), as staff pack it; null for other products. */
  itemType: string | null;
  boxType: string | null;
  /** A seasonal box: sold for one delivery, within its days and zones (@shop/domain sale-season). */
  isSeasonal: boolean;
  saleFrom: string | null;
  saleUntil: string | null;
  saleZoneIds: number[];
}

interface ProductRow {
  id: number;
  type: ProductType;
  isActive: boolean | null;
  price: number | string;
  market_types?: { name: string }[];
  tax_id?: { amount_value: number | string } | null;
  name_es: string | null;
  name_ca: string | null;
  name_pt: string | null;
  itemType: string | null;
  boxType: string | null;
  seasonal: boolean | null;
  saleFrom: string | null;
  saleUntil: string | null;
  saleZones?: { id: number }[];
}

const PRODUCT_FIELDS = [
  "id",
  "type",
  "isActive",
  "price",
  "name_es",
  "name_ca",
  "name_pt",
  "itemType",
  "boxType",
  "seasonal",
  "saleFrom",
  "saleUntil",
] as const satisfies readonly (keyof ProductRow)[];

function toOrderProduct(row: ProductRow): OrderProduct {
  return {
    id: row.id,
    type: row.type,
    isActive: row.isActive !== false,
    marketTypes: (row.market_types ?? [])
      .map((market) => market.name)
      .filter((name): name is MarketType => (MARKET_TYPES as readonly string[]).includes(name)),
    price: eurosToCents(row.price),
    taxRate: parseTaxRate(row.tax_id?.amount_value ?? null),
    names: { es: row.name_es ?? undefined, ca: row.name_ca ?? undefined, pt: row.name_pt ?? undefined },
    itemType: row.itemType ?? null,
    boxType: row.boxType ?? null,
    isSeasonal: row.seasonal === true,
    saleFrom: isMonthDay(row.saleFrom) ? row.saleFrom : null,
    saleUntil: isMonthDay(row.saleUntil) ? row.saleUntil : null,
    saleZoneIds: (row.saleZones ?? []).map((zone) => zone.id),
  };
}

/** The visible products of `ids`, by id (a missing id is unknown or hidden). */
export async function loadOrderProducts(
  strapi: Core.Strapi,
  ids: readonly number[],
): Promise<Map<number, OrderProduct>> {
  if (ids.length === 0) return new Map();
  const visible = await visibleProducts(strapi, "visible");
  const products = new Map<number, OrderProduct>();
  for (const id of ids) {
    const product = visible.get(id);
    if (product !== undefined) products.set(id, product);
  }
  return products;
}

/**
 * Every visible product as an order reads it, kept by this process until staff's next change
 * (docs/decisions/055): a checkout read its products four times, four queries each. A shop's
 * catalogue is a few hundred rows; one query for all of them costs what one for a draft's did.
 */
const visibleProducts = keptRead(
  async (strapi: Core.Strapi, _visible: "visible"): Promise<ReadonlyMap<number, OrderProduct>> => {
    const rows = (await strapi.db.query(CONTENT_TYPES.product).findMany({
      where: VISIBLE_PRODUCT_FILTER,
      // What an order reads, not the descriptions and pictures of the whole catalogue.
      select: [...PRODUCT_FIELDS],
      populate: {
        market_types: { select: ["name"] },
        tax_id: { select: ["amount_value"] },
        saleZones: { select: ["id"] },
      },
    })) as ProductRow[];
    return new Map(rows.map((row) => [row.id, Object.freeze(toOrderProduct(row))]));
  },
);

/** Every product id a draft names: boxes, their exclusions, extras. */
export function draftProductIds(draft: Pick<OrderDraft, "boxes" | "extras">): number[] {
  return [
    ...draft.boxes.flatMap((box) => [box.productId, ...box.exclusions]),
    ...draft.extras.map((extra) => extra.productId),
  ];
}

/** The product's name in `locale`, else in Spanish, else in any language it has. */
export function productName(product: OrderProduct, locale: Locale): string {
  for (const language of fallbackChain(locale)) {
    const name = product.names[language]?.trim();
    if (name) return name;
  }
  return `#${product.id}`;
}

/** Sold only to the other kind of customer: company-only products for consumers, and the reverse. */
const notForAudience = (product: OrderProduct, audience: PriceAudience) =>
  audience === "consumer" ? isOnlyB2B(product) : isOnlyB2C(product);

type Kind = "box" | "exclusion" | "extra";

const KIND_RULES: Record<
  Kind,
  { types: readonly ProductType[]; refusal: "not_a_box" | "not_an_item" | "not_an_extra" }
> = {
  box: { types: [PRODUCT_TYPES.box], refusal: "not_a_box" },
  exclusion: { types: [PRODUCT_TYPES.item], refusal: "not_an_item" },
  extra: { types: [PRODUCT_TYPES.item, PRODUCT_TYPES.upsell], refusal: "not_an_extra" },
};

function checkProduct(
  products: ReadonlyMap<number, OrderProduct>,
  id: number,
  { kind, audience, path }: { kind: Kind; audience: PriceAudience; path: (string | number)[] },
): void {
  const product = products.get(id);
  if (!product || !product.isActive) throw new OrderError("unknown_product", path);
  if (!KIND_RULES[kind].types.includes(product.type)) throw new OrderError(KIND_RULES[kind].refusal, path);
  // Exclusions are foods left out, not bought: who may buy them does not matter.
  if (kind !== "exclusion" && notForAudience(product, audience)) throw new OrderError("not_for_you", path);
}

/**
 * Checks every product of the draft's boxes and extras against the catalogue now and the customer's
 * kind: 400 at the first wrong one, with its path (["boxes", 0, "productId"], ["boxes", 0,
 * "exclusions"], ["extras", 2, "productId"]).
 */
export function checkDraftProducts(
  products: ReadonlyMap<number, OrderProduct>,
  draft: Pick<OrderDraft, "boxes" | "extras">,
  audience: PriceAudience,
): void {
  draft.boxes.forEach((box, index) => {
    checkProduct(products, box.productId, { kind: "box", audience, path: ["boxes", index, "productId"] });
    for (const id of box.exclusions) {
      checkProduct(products, id, { kind: "exclusion", audience, path: ["boxes", index, "exclusions"] });
    }
  });
  draft.extras.forEach((extra, index) => {
    checkProduct(products, extra.productId, { kind: "extra", audience, path: ["extras", index, "productId"] });
  });
}

/**
 * Checks the draft's boxes against when and where each is sold (@shop/domain sale-season;
 * docs/decisions/042): 400 at ["boxes", i, "productId"] with not_sold_in_zone, out_of_season (the
 * delivery date, once there is one) or once_only (a seasonal box in a subscription, which would
 * renew out of its season). `datePath` names the field to blame for a date out of season instead,
 * when the date is what the caller is changing (the delivery step).
 */
export function checkDraftSale(
  products: ReadonlyMap<number, OrderProduct>,
  draft: Pick<OrderDraft, "boxes" | "purchase">,
  { zoneId, date, datePath }: { zoneId: number; date: string | null; datePath?: (string | number)[] },
): void {
  draft.boxes.forEach((box, index) => {
    const product = products.get(box.productId);
    if (!product) return;
    const path = ["boxes", index, "productId"];
    const once = purchaseRefusal(product, draft.purchase);
    if (once) throw new OrderError(once, path);
    const refusal = saleRefusal(product, { zoneId, date });
    if (refusal) throw new OrderError(refusal, refusal === "out_of_season" && datePath ? datePath : path);
  });
}
