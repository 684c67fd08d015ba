import type { OrderChangeErrorCode, OrderErrorCode, RefundErrorCode } from "@shop/contracts";
import type { CouponRefusal } from "@shop/domain";

/**
 * Why an ordering call cannot be done as asked: a step the catalogue or the calendar refuses, a
 * draft that is not ready, a slot taken meanwhile. The controller answers `status` in Strapi's error
 * shape with `code` in `details.code` and as the message of the field at `path` (the storefront
 * shows it beside that field). A job or a test reads the same fields.
 */
export class OrderError extends Error {
  override readonly name = "OrderError";
  readonly code: OrderErrorCode | CouponRefusal | RefundErrorCode | OrderChangeErrorCode;
  readonly path: readonly (string | number)[];
  readonly status: 400 | 404 | 409 | 503;

  constructor(
    code: OrderErrorCode | CouponRefusal | RefundErrorCode | OrderChangeErrorCode,
    path: readonly (string | number)[],
    { status = 400, message = code }: { status?: 400 | 404 | 409 | 503; message?: string } = {},
  ) {
    super(message);
    this.code = code;
    this.path = path;
    this.status = status;
  }
}

/** The draft token is unknown, expired or spent; an order number is not the caller's. */
export class OrderNotFoundError extends Error {
  override readonly name = "OrderNotFoundError";
}

/**
 * The draft is a customer's and the caller is signed out (signed out since, or their session
 * expired): 401, so that the shop asks them to sign in again rather than starting the order over.
 * Only the browser that holds the draft's token can learn this much; nothing of the draft is said.
 */
export class DraftNeedsSignInError extends Error {
  override readonly name = "DraftNeedsSignInError";
}
