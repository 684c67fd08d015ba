import { CLIENT_IP_HEADER, PROXY_SECRET_HEADER } from "@shop/contracts";
import { shouldRetry } from "@shop/domain/client-behaviours";
import { env } from "./env.server";

/** The CMS serves its content API under this prefix (docs/decisions/007). */
export const CMS_API_PREFIX = "/api";

export interface CmsRequestOptions {
  readonly method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly token?: string | null;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** The visitor's address, as this server decided it: the CMS's rate limits count by it. */
  readonly clientIp?: string;
  /** Headers of one call (the order draft's token travels in one, never in a URL). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Try a read once more when the CMS answers a status that may pass (@shop/domain shouldRetry:
   * 408, 409, 425, 5xx but 501), as the specification's HTTP client does; never a write, nor a 429
   * (the CMS's rate limits count by visitor). Off for the catalogue's product list (section 7: no
   * retries on product calls), which the data cache serves stale meanwhile, and for a social
   * sign-in's callback, which may create the account. On by default.
   */
  readonly retry?: boolean;
}

/** One call to the CMS content API over the private network, with the customer's JWT if any. */
export async function cmsFetch(path: string, options: CmsRequestOptions = {}): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: "application/json" });
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.clientIp) {
    headers.set(CLIENT_IP_HEADER, options.clientIp);
    headers.set(PROXY_SECRET_HEADER, env.PROXY_SECRET);
  }
  const method = options.method ?? "GET";
  // One deadline for the call, its retry included: a page never waits twice the timeout.
  const signal = options.signal ?? AbortSignal.timeout(env.CMS_TIMEOUT_MS);
  const send = () =>
    fetch(env.CMS_URL + CMS_API_PREFIX + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  const first = await send();
  // 429 is the CMS counting this visitor's attempts: another at once would only count one more.
  if (options.retry === false || first.status === 429 || !shouldRetry({ method, status: first.status, attempt: 1 })) {
    return first;
  }
  await first.body?.cancel();
  return send();
}

/** Anything that turns an unknown JSON answer into a typed value or throws: a zod schema of @shop/contracts, or a parser. */
export interface Contract<T> {
  parse(json: unknown): T;
}

export class CmsAnswerError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`GET ${path} answered ${status}`);
    this.name = "CmsAnswerError";
  }
}

/**
 * GET a content API answer and validate it against its contract: the rest of the storefront only
 * ever sees typed, checked data. A non-2xx answer throws CmsAnswerError; an answer that breaks the
 * contract throws the contract's error (a ZodError), so a CMS that drifts fails loudly here
 * instead of showing wrong data.
 */
export async function cmsGet<T>(path: string, contract: Contract<T>, options: CmsRequestOptions = {}): Promise<T> {
  const response = await cmsFetch(path, { ...options, method: "GET" });
  if (!response.ok) throw new CmsAnswerError(path, response.status);
  return contract.parse(await response.json());
}
