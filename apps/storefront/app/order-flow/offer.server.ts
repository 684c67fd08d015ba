import {
  BOX_KINDS,
  ITEM_TYPES,
  isActiveBox,
  isActiveItem,
  isActiveUpsell,
  isB2B,
  isB2C,
  LOCALE_TAGS,
  quantityOf,
  purchaseRefusal,
  saleDates,
  shownPrice,
  sizeOf,
  type Locale,
  type PriceAudience,
  type Product,
} from "@shop/domain";

import type {
  BoxChoice,
  BoxKindOffer,
  BoxOffer,
  ExtraChoice,
  ExtraGroup,
  Food,
  FoodGroup,
  SeasonalChoice,
} from "./views";

/**
 * What the box and extras steps offer, from the catalogue (catalogue.server.ts): only what the
 * customer's kind may buy (companies the B2B offer, everybody else the B2C one), priced as the rest
 * of the shop prices it for them. Plain data, for the browser.
 */

const forAudience = (audience: PriceAudience) => (product: Product) =>
  audience === "business" ? isB2B(product) : isB2C(product);

function foodGroupOf(product: Product): FoodGroup | null {
  if (product.itemType === ITEM_TYPES.vegetable) return "vegetable";
  if (product.itemType === ITEM_TYPES.fruit || product.itemType === ITEM_TYPES.stoneFruits) return "fruit";
  return null;
}

const SIZE_ORDER = ["S", "IM", "XL"];

/** Where and when the draft's boxes would go: what decides which seasonal boxes the step offers. */
export interface SaleContext {
  /** The zone of the draft's postcode; null when unknown (no seasonal box is offered). */
  readonly zoneId: number | null;
  /** The delivery dates the zone offers now (the date is chosen after the box). */
  readonly dates: readonly string[];
  readonly purchase: "once" | "subscription" | null;
  readonly locale: Locale;
}

/** "30 de abril": a season's last day as the page says it (any year: it comes back every year). */
function dayOfYear(monthDay: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`2000-${monthDay}T12:00:00Z`),
  );
}

/**
 * The seasonal boxes this draft may have (docs/decisions/042): for a one-off purchase only (a
 * subscription would renew out of season), sold in the draft's zone, and in season on one of the
 * dates the zone offers. In the catalogue's order.
 */
function seasonalOffer(offered: readonly Product[], audience: PriceAudience, sale?: SaleContext): SeasonalChoice[] {
  const zoneId = sale?.zoneId ?? null;
  if (!sale || zoneId === null) return [];
  return offered
    .filter((product) => isActiveBox(product) && product.isSeasonal && !purchaseRefusal(product, sale.purchase))
    .filter((product) => saleDates(product, { zoneId, dates: sale.dates }).length > 0)
    .map((product) => ({
      productId: product.id,
      name: product.name,
      size: sizeOf(product.boxType),
      quantity: quantityOf(product),
      price: shownPrice(product, audience),
      until: product.saleUntil === null ? null : dayOfYear(product.saleUntil, sale.locale),
    }));
}

/**
 * The boxes sold all year round, by type and size (one product per type and size, the catalogue's
 * first), and the seasonal boxes this draft may have (none without `sale`: a subscription's change
 * of box). The foods to leave out are the active items
 * of produce, each name once.
 */
export function boxOffer(products: readonly Product[], audience: PriceAudience, sale?: SaleContext): BoxOffer {
  const offered = products.filter(forAudience(audience));
  const kinds = BOX_KINDS.map((kind): BoxKindOffer => {
    const bySize = new Map<string, BoxChoice>();
    for (const product of offered) {
      const size = sizeOf(product.boxType);
      if (!isActiveBox(product) || product.isSeasonal || product.itemType !== kind || !size) continue;
      if (bySize.has(size.code)) continue;
      bySize.set(size.code, {
        productId: product.id,
        name: product.name,
        kind,
        size,
        quantity: quantityOf(product),
        price: shownPrice(product, audience),
      });
    }
    const choices = [...bySize.values()].sort(
      (a, b) => SIZE_ORDER.indexOf(a.size.code) - SIZE_ORDER.indexOf(b.size.code),
    );
    return { kind, choices };
  }).filter((offer) => offer.choices.length > 0);

  const foods: Record<FoodGroup, Food[]> = { fruit: [], vegetable: [] };
  const seen = new Set<string>();
  for (const product of offered) {
    const group = foodGroupOf(product);
    if (!group || !isActiveItem(product) || seen.has(product.name)) continue;
    seen.add(product.name);
    foods[group].push({ productId: product.id, name: product.name });
  }
  const boxNames = Object.fromEntries(
    products.filter((product) => sizeOf(product.boxType) !== null).map((product) => [product.id, product.name]),
  );
  return {
    kinds,
    seasonal: seasonalOffer(offered, audience, sale),
    seasonalIds: products.filter((product) => product.isSeasonal).map((product) => product.id),
    foods,
    boxNames,
  };
}

/** The extras: single items of fruit, then of vegetables, then complementary products by category. */
export function extrasOffer(products: readonly Product[], audience: PriceAudience): ExtraGroup[] {
  const offered = products.filter(forAudience(audience));
  const choiceOf = (product: Product): ExtraChoice => ({
    productId: product.id,
    name: product.name,
    quantity: quantityOf(product),
    price: shownPrice(product, audience),
  });
  const items = offered.filter(isActiveItem);
  const groups: ExtraGroup[] = (["fruit", "vegetable"] as const).map((group) => ({
    group,
    category: null,
    choices: items.filter((product) => foodGroupOf(product) === group).map(choiceOf),
  }));
  const byCategory = new Map<string, ExtraChoice[]>();
  for (const product of offered.filter(isActiveUpsell)) {
    const category = product.category ?? "";
    byCategory.set(category, [...(byCategory.get(category) ?? []), choiceOf(product)]);
  }
  for (const [category, choices] of byCategory) {
    groups.push({ group: "pantry", category: category === "" ? null : category, choices });
  }
  return groups.filter((group) => group.choices.length > 0);
}
