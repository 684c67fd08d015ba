import { ACCOUNT_FIELD_MAX } from "@shop/contracts";
import { data } from "react-router";
import type { z } from "zod";
import { cmsFetch, type CmsRequestOptions } from "./cms.server";
import { echoedValues } from "./forms/echo";
import { readForm } from "./forms/read-form.server";
import { FORM_FIELD, type AccountFieldError, type AccountFieldErrors, type AccountFormRefusal } from "./account-forms";
import { forgetSession, serializeSessionCookie, sessionToken } from "./session.server";

/**
 * The customer's calls to the CMS's account API (docs/decisions/011) from the storefront's actions
 * and loaders: the token stays in the httpOnly cookie and travels as a bearer token from this
 * server; the browser never holds it (specification, section 4, with the token kept server-side).
 */

export type AccountCall<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: "invalid"; readonly errors: AccountFieldErrors }
  | { readonly ok: false; readonly status: "limited"; readonly retryAfterSeconds: number }
  | { readonly ok: false; readonly status: "signedOut" }
  | { readonly ok: false; readonly status: "failed" };

export type AccountRefusal = Exclude<AccountCall<never>, { ok: true }>;

/** Reads "tooLong:80" into its code and limit. */
export function accountErrorOf(message: string): AccountFieldError {
  const [code = "invalid", max] = message.split(":");
  const limit = max === undefined ? NaN : Number(max);
  return Number.isFinite(limit) ? { code, max: limit } : { code };
}

/** A zod error of a contract as field errors: the first problem of each field. */
export function accountErrorsOf(error: z.ZodError): AccountFieldErrors {
  const errors: Record<string, AccountFieldError> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? FORM_FIELD);
    errors[field] ??= accountErrorOf(issue.message);
  }
  return errors;
}

interface StrapiErrorBody {
  error?: { details?: { code?: unknown; errors?: { path?: unknown[]; message?: unknown }[] } };
}

async function refusalOfAnswer(response: Response): Promise<AccountRefusal> {
  if (response.status === 401 || response.status === 403) return { ok: false, status: "signedOut" };
  if (response.status === 429) {
    const retryAfterSeconds = Number(response.headers.get("Retry-After"));
    return {
      ok: false,
      status: "limited",
      retryAfterSeconds: Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : 60,
    };
  }
  if (response.status === 400) {
    const body = (await response.json().catch(() => ({}))) as StrapiErrorBody;
    const errors: Record<string, AccountFieldError> = {};
    for (const error of body.error?.details?.errors ?? []) {
      const field = String(error.path?.[0] ?? FORM_FIELD);
      errors[field] ??= accountErrorOf(String(error.message ?? ""));
    }
    if (Object.keys(errors).length === 0 && typeof body.error?.details?.code === "string") {
      errors[FORM_FIELD] = { code: body.error.details.code };
    }
    if (Object.keys(errors).length > 0) return { ok: false, status: "invalid", errors };
  }
  console.error(`The CMS answered ${response.status} to an account call`);
  return { ok: false, status: "failed" };
}

/**
 * One account call: the CMS's answer checked with its contract, or why it was refused. An
 * unreachable CMS or an answer that breaks the contract is "failed", never an exception: a page
 * says so beside the form, with what the customer typed still in it.
 */
export async function accountCall<T>(
  path: string,
  contract: { parse(json: unknown): T },
  options: CmsRequestOptions,
): Promise<AccountCall<T>> {
  try {
    const response = await cmsFetch(path, options);
    if (!response.ok) return await refusalOfAnswer(response);
    return { ok: true, value: contract.parse(await response.json()) };
  } catch (error) {
    console.error(`Account call ${options.method ?? "GET"} ${path} failed`, error);
    return { ok: false, status: "failed" };
  }
}

const HTTP_STATUS: Record<AccountFormRefusal["status"], number> = {
  invalid: 400,
  limited: 429,
  signedOut: 401,
  failed: 503,
};

/** Refuses a posted account form: its errors and the typed values (passwords left out) with the matching status. */
export function refuseForm(
  refusal: AccountRefusal,
  { values, intent = null }: { values: Record<string, string>; intent?: string | null },
) {
  const errors = refusal.status === "invalid" ? refusal.errors : {};
  const headers = new Headers();
  const limited = refusal.status === "limited";
  if (limited) headers.set("Retry-After", String(refusal.retryAfterSeconds));
  return data<AccountFormRefusal>(
    {
      status: refusal.status,
      errors,
      values,
      intent,
      retryAfterMinutes: limited ? Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60)) : null,
    },
    { status: HTTP_STATUS[refusal.status], headers },
  );
}

/** Refuses a form whose fields broke the contract, before any call to the CMS. */
export function refuseInvalid(
  errors: AccountFieldErrors,
  values: Record<string, string>,
  intent: string | null = null,
) {
  return refuseForm({ ok: false, status: "invalid", errors }, { values, intent });
}

/** Fields whose value never travels back to the page. */
const SECRET_FIELDS = new Set(["password", "passwordConfirmation", "currentPassword", "code"]);

export interface PostedForm {
  /** The form as posted (for fields posted more than once). */
  readonly form: FormData;
  /** Every text field as posted (the last value of a repeated one). */
  readonly fields: Record<string, string>;
  /** The fields the page may show again after a refusal, each cut at its limit. */
  readonly values: Record<string, string>;
}

/** Reads a posted account form: its text fields, and the ones that may be echoed back. */
export async function readAccountForm(request: Request, echoable: readonly string[]): Promise<PostedForm> {
  const form = await readForm(request);
  const fields = Object.fromEntries(
    [...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]),
  );
  const values = echoedValues(
    fields,
    echoable.filter((name) => !SECRET_FIELDS.has(name)),
    ACCOUNT_FIELD_MAX,
  );
  return { form, fields, values };
}

/** The signed-in customer's token, from the cookie. */
export function tokenOf(request: Request): string | null {
  return sessionToken(request.headers.get("Cookie"));
}

/**
 * Headers that store a new token (sign-in, registration, password change) and forget whatever this
 * process believed about the previous one.
 */
export function storeToken(request: Request, jwt: string): Headers {
  forgetSession(tokenOf(request));
  return new Headers({ "Set-Cookie": serializeSessionCookie(jwt) });
}
