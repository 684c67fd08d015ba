/**
 * The outcomes of a service that are not a result but that its caller must handle, each carrying
 * what the caller needs to act on it. A controller turns them into HTTP answers; a job or a webhook
 * logs, retries or gives up. Anything else a service throws is a bug or an outage (a 500).
 */

/** The caller has used up an allowance; it may try again after `retryAfterSeconds`. */
export class RateLimitedError extends Error {
  override readonly name = "RateLimitedError";
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
