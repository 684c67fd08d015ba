import type { DeliveryAddress, DeliveryCalendar } from "@shop/contracts";
import type { BoxKind, Quantity, ShownPrice, SizeLabel } from "@shop/domain";

/**
 * The order flow's view models: what the server works out (offer.server, flow.server) and the step
 * components render. Kept out of the .server modules so a component names them without importing
 * server code.
 */

export interface BoxChoice {
  readonly productId: number;
  readonly name: string;
  readonly kind: BoxKind;
  readonly size: SizeLabel;
  readonly quantity: Quantity | null;
  readonly price: ShownPrice;
}

export interface BoxKindOffer {
  readonly kind: BoxKind;
  /** Smallest first. */
  readonly choices: readonly BoxChoice[];
}

/** A food a customer may leave out of a box: an item of produce. */
export interface Food {
  readonly productId: number;
  readonly name: string;
}

export type FoodGroup = "fruit" | "vegetable";

/** A seasonal box the draft may have (its zone, its dates, a one-off purchase): named, not sized by type. */
export interface SeasonalChoice {
  readonly productId: number;
  readonly name: string;
  readonly size: SizeLabel | null;
  readonly quantity: Quantity | null;
  readonly price: ShownPrice;
  /** The season's last day as the page says it ("30 de abril"); null: no end. */
  readonly until: string | null;
}

export interface BoxOffer {
  readonly kinds: readonly BoxKindOffer[];
  readonly seasonal: readonly SeasonalChoice[];
  /** Every seasonal box of the catalogue, offered or not: one chosen out of its zone or dates is told apart. */
  readonly seasonalIds: readonly number[];
  readonly foods: Readonly<Record<FoodGroup, readonly Food[]>>;
  /** The name of every box of the catalogue, offered or not: a box chosen earlier that this customer may not buy (any more) is still named. */
  readonly boxNames: Readonly<Record<number, string>>;
}

export interface ExtraChoice {
  readonly productId: number;
  readonly name: string;
  readonly quantity: Quantity | null;
  readonly price: ShownPrice;
}

/** Extras under one heading: the fruit, the vegetables, or one category of complementary products. */
export interface ExtraGroup {
  readonly group: FoodGroup | "pantry";
  /** The category's own name, for complementary products. */
  readonly category: string | null;
  readonly choices: readonly ExtraChoice[];
}

/** The calendar with each date as the page says it (worked out here: see orders/order-view deliveryDay). */
export type LabelledCalendar = Omit<DeliveryCalendar, "dates"> & {
  readonly dates: readonly (DeliveryCalendar["dates"][number] & { readonly label: string })[];
};

/** When and where the chosen delivery is, as the summary shows it. */
export interface ChosenDelivery {
  readonly date: string;
  readonly label: string;
  readonly start: string;
  readonly end: string;
  readonly address: DeliveryAddress | null;
}

/** What the order comes to so far, VAT included, in cents: the line under the steps before the summary. */
export interface RunningTotal {
  readonly boxes: number;
  readonly extras: number;
  readonly discount: number;
  /** The zone's fee for these goods (0 when they reach its free-shipping threshold): the postcode is known. */
  readonly shipping: number;
  readonly total: number;
}
