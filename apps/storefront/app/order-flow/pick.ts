/**
 * What a product page's button posts to the new-order page (its action's `pick`): kept apart from
 * fields.ts so that the product page's chunk carries two strings, not the flow's field lists.
 */
export const PICK_INTENT = "pick";
/** The product's catalogue id. */
export const PICK_FIELD = "pick.productId";
