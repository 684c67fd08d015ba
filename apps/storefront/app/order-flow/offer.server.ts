import {
  BOX_KINDS,
  ITEM_TYPES,
  isActiveBox,
  isActiveItem,
  isActiveUpsell,
  isB2B,
  isB2C,
  quantityOf,
  shownPrice,
  sizeOf,
  type PriceAudience,
  type Product,
} from "@shop/domain";

import type { BoxChoice, BoxKindOffer, BoxOffer, ExtraChoice, ExtraGroup, Food, FoodGroup } from "./views";

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

/**
 * The boxes sold all year round (seasonal ones have their own page and their own content), by type
 * and size; one product per type and size, the catalogue's first. The foods to leave out are the
 * active items of produce, each name once.
 */
export function boxOffer(products: readonly Product[], audience: PriceAudience): BoxOffer {
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
  return { kinds, foods, boxNames };
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
