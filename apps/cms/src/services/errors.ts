/**
 * The outcomes of a service that are not a result but that its caller must handle, each carrying
 * what the caller needs to act on it. A controller turns them into HTTP answers; a job or a webhook
 * logs, retries or gives up. Anything else a service throws is a bug or an outage (a 500).
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

/** Why an account call is refused; the controller answers 400 in Strapi's shape with this code. */
export type AccountErrorCode =
  | "invalidCredentials"
  | "blocked"
  | "emailTaken"
  | "weakPassword"
  | "samePassword"
  | "invalidToken"
  | "invalidCode"
  | "tooManyAddresses"
  | "providerUnavailable"
  | "emailNotVerified"
  | "accountExists";

/** An account call the caller cannot make as asked (a wrong password, a spent link, a taken address). */
export class AccountError extends Error {
  override readonly name = "AccountError";
  readonly code: AccountErrorCode;
  /** The field of the form the refusal is about, if one is. */
  readonly field: string | undefined;

  constructor(code: AccountErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}
