import type { SubscriptionErrorCode } from "@shop/contracts";

/**
 * Why a subscription change cannot be made as asked. The controller answers `status` in Strapi's
 * error shape with `code` in `details.code` (and as the message of the field at `path`); a 409 for a
 * locked delivery carries `date`, the first delivery a change still reaches (null: none).
 */
export class SubscriptionError extends Error {
  override readonly name = "SubscriptionError";
  readonly code: SubscriptionErrorCode;
  readonly status: 400 | 409;
  readonly path: readonly string[];
  readonly date: string | null | undefined;

  constructor(
    code: SubscriptionErrorCode,
    { status = 400, path = [], date }: { status?: 400 | 409; path?: readonly string[]; date?: string | null } = {},
  ) {
    super(code);
    this.code = code;
    this.status = status;
    this.path = path;
    this.date = date;
  }
}

/** The subscription or delivery is not the caller's, or does not exist: 404, whichever it is. */
export class SubscriptionNotFoundError extends Error {
  override readonly name = "SubscriptionNotFoundError";
}
