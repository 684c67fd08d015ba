/**
 * Thrown when a caller has used up an allowance (rate-limits.ts). Forms, ordering and accounts
 * throw it, and every controller that catches it answers 429 with `Retry-After`.
 */

/** The caller has used up an allowance; it may try again after `retryAfterSeconds`. */
export class RateLimitedError extends Error {
  override readonly name = "RateLimitedError";
  readonly retryAfterSeconds: number;
  /** Which allowance, when the client words it its own way (an order's "too_many_orders"). */
  readonly code: string | undefined;

  constructor(message: string, retryAfterSeconds: number, { code }: { code?: string } = {}) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
    this.code = code;
  }
}
