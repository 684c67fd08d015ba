import { CLIENT_IP_HEADER, PROXY_SECRET_HEADER } from "@shop/contracts";
import { shouldRetry } from "@shop/domain/client-behaviours";
import { FORM_FIELD, type AccountFieldError, type AccountFieldErrors } from "./accounts/account-forms";
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

/**
 * A refusal of one field, as the CMS words it: a code of the contracts ("tooLong:80" read as code
 * and max) or of the CMS ("emailTaken"). The pages' type (./accounts/account-forms), which the browser renders.
 */
export type CmsFieldError = AccountFieldError;

/** Refusals keyed by the field's path as the CMS names it, joined with dots ("boxes.0.exclusions"). */
export type CmsFieldErrors = AccountFieldErrors;

/**
 * The CMS's error as its body says it ({ error: { status, name, message, details } }, Strapi's
 * shape), passed on as is (specification, HTTP client: "the server's error body is rethrown").
 * Without one (no answer, a timeout, a body that is not the CMS's error, an answer that broke its
 * contract): the specification's fallback, `UnknownError` with status 500 and what went wrong.
 */
export interface CmsError {
  readonly status: number;
  readonly name: string;
  readonly message: string;
  readonly details?: unknown;
}

/**
 * Why a call did not give its value, in the terms callers act on:
 * - signedOut: 401 or 403, the token is not (or no longer) the CMS's;
 * - notFound: 404 (a draft expired or spent, an order that is not the customer's);
 * - limited: 429, with the wait the CMS asked for (Retry-After; a minute without one);
 * - invalid: 400 or 409 naming fields, or a code about the whole request (keyed FORM_FIELD);
 * - conflict: 409 naming nothing (an order no longer waiting for a payment);
 * - failed: anything else: an answer the storefront cannot act on, no answer, a broken contract.
 * `httpStatus` is what the CMS answered, null when it did not; `error` is its error body, or the fallback.
 */
export type CmsRefusal = CmsRefusalReason & { readonly httpStatus: number | null; readonly error: CmsError };

/** What a caller acts on in a refusal; also what a caller refuses with itself before any call (a form's own check). */
export type CmsRefusalReason =
  | { readonly ok: false; readonly status: "invalid"; readonly errors: CmsFieldErrors }
  | { readonly ok: false; readonly status: "limited"; readonly retryAfterSeconds: number }
  | { readonly ok: false; readonly status: "signedOut" | "notFound" | "conflict" | "failed" };

export type CmsResult<T> = { readonly ok: true; readonly value: T } | CmsRefusal;

export interface CmsCallOptions<T> extends CmsRequestOptions {
  /** The answer's contract (a zod schema of @shop/contracts): the caller only ever sees checked data. */
  readonly contract: Contract<T>;
  /**
   * Log a failure here (on by default). Off for cmsGet, whose callers report what it throws (the
   * data cache logs each failed load once).
   */
  readonly logFailure?: boolean;
}

/** Reads "tooLong:80" into its code and limit. */
export function fieldErrorOf(message: string): CmsFieldError {
  const [code = "invalid", max] = message.split(":");
  const limit = max === undefined ? NaN : Number(max);
  return Number.isFinite(limit) ? { code, max: limit } : { code };
}

/** A path of the CMS (["boxes", 0, "exclusions"]) as one field name ("boxes.0.exclusions"). */
export const fieldOfPath = (path: readonly unknown[] | undefined): string =>
  path && path.length > 0 ? path.map(String).join(".") : FORM_FIELD;

/** A Retry-After answered without a number of seconds waits this long. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The specification's fallback when the CMS gave no error body. */
const UNKNOWN_ERROR = "UnknownError";
const unknownError = (message: string): CmsError => ({ status: 500, name: UNKNOWN_ERROR, message });

/**
 * The CMS's error of a body ({ error: { status, name, message, details } }), or null when the body
 * holds none. What the body leaves out is filled in: the status answered, an unknown name.
 */
function errorOfBody(body: unknown, httpStatus: number): CmsError | null {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error)) return null;
  return {
    status: typeof error.status === "number" ? error.status : httpStatus,
    name: typeof error.name === "string" ? error.name : UNKNOWN_ERROR,
    message: typeof error.message === "string" ? error.message : "",
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}

/** The field errors of an error's details: each field's first, or the details' code about the whole request. */
export function fieldErrorsOf(details: unknown): CmsFieldErrors {
  const errors: Record<string, CmsFieldError> = {};
  const listed = isRecord(details) && Array.isArray(details.errors) ? (details.errors as unknown[]) : [];
  for (const entry of listed) {
    if (!isRecord(entry)) continue;
    errors[fieldOfPath(Array.isArray(entry.path) ? entry.path : undefined)] ??= fieldErrorOf(
      String(entry.message ?? ""),
    );
  }
  const code = isRecord(details) ? details.code : undefined;
  if (Object.keys(errors).length === 0 && typeof code === "string") errors[FORM_FIELD] = { code };
  return errors;
}

async function refusalOfAnswer(response: Response, call: string): Promise<CmsRefusal> {
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): no error body to pass on.
  }
  const httpStatus = response.status;
  const error = errorOfBody(body, httpStatus) ?? unknownError(`The CMS answered ${httpStatus} to ${call}`);
  const refusal = { ok: false, httpStatus, error } as const;
  if (httpStatus === 401 || httpStatus === 403) return { ...refusal, status: "signedOut" };
  if (httpStatus === 404) return { ...refusal, status: "notFound" };
  if (httpStatus === 429) {
    const retryAfterSeconds = Number(response.headers.get("Retry-After") ?? NaN);
    return {
      ...refusal,
      status: "limited",
      retryAfterSeconds: Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : DEFAULT_RETRY_AFTER_SECONDS,
    };
  }
  if (httpStatus === 400 || httpStatus === 409) {
    const errors = fieldErrorsOf(error.details);
    if (Object.keys(errors).length > 0) return { ...refusal, status: "invalid", errors };
    if (httpStatus === 409) return { ...refusal, status: "conflict" };
  }
  return { ...refusal, status: "failed" };
}

/**
 * The storefront's one call to the CMS: the answer checked with its contract, or why not
 * (CmsRefusal). Never throws: an unreachable CMS, a timeout or an answer that breaks the contract
 * is a "failed" refusal, which a page says beside its form or in place of its data. Reads are
 * tried once more as cmsFetch does; writes and 429 never.
 */
export async function cmsCall<T>(path: string, options: CmsCallOptions<T>): Promise<CmsResult<T>> {
  const call = `${options.method ?? "GET"} ${path}`;
  const answer = await answerOf(path, call, options);
  // A refusal the caller acts on (a wrong password, an expired draft) is no fault of the shop's.
  if (!answer.ok && answer.status === "failed" && options.logFailure !== false) {
    console.error(`${call} failed: ${answer.error.name} ${answer.httpStatus ?? "(no answer)"} ${answer.error.message}`);
  }
  return answer;
}

async function answerOf<T>(path: string, call: string, options: CmsCallOptions<T>): Promise<CmsResult<T>> {
  let response: Response;
  try {
    response = await cmsFetch(path, options);
  } catch (error) {
    return { ok: false, status: "failed", httpStatus: null, error: unknownError(messageOf(error)) };
  }
  if (!response.ok) return refusalOfAnswer(response, call);
  try {
    return { ok: true, value: options.contract.parse(await response.json()) };
  } catch (error) {
    // A CMS that drifts from the contract fails loudly here instead of showing wrong data.
    const message = `The answer broke its contract: ${messageOf(error)}`;
    return { ok: false, status: "failed", httpStatus: response.status, error: unknownError(message) };
  }
}

/** What cmsGet throws for a refusal: the CMS's error, with the status it answered (500 when none). */
export class CmsAnswerError extends Error {
  constructor(
    readonly path: string,
    readonly refusal: CmsRefusal,
  ) {
    super(`GET ${path}: ${refusal.error.name} ${refusal.httpStatus ?? refusal.error.status} ${refusal.error.message}`);
    this.name = "CmsAnswerError";
  }

  /** What the CMS answered: its HTTP status, or the fallback's 500 when it did not answer. */
  get status(): number {
    return this.refusal.httpStatus ?? this.refusal.error.status;
  }
}

/**
 * cmsCall for the cached resources (catalogue, content, settings), whose loaders report a failure
 * by throwing: the data cache then serves what it last had. A refusal throws CmsAnswerError.
 */
export async function cmsGet<T>(path: string, contract: Contract<T>, options: CmsRequestOptions = {}): Promise<T> {
  const answer = await cmsCall(path, { ...options, method: "GET", contract, logFailure: false });
  if (!answer.ok) throw new CmsAnswerError(path, answer);
  return answer.value;
}
