import { ACCOUNT_FIELD_MAX } from "@shop/contracts";
import { data } from "react-router";
import type { z } from "zod";
import {
  cmsCall,
  fieldErrorOf,
  type CmsRefusalReason,
  type CmsRequestOptions,
  type CmsResult,
  type Contract,
} from "~/cms.server";
import { echoedValues } from "~/forms/echo";
import { readForm } from "~/forms/read-form.server";
import { FORM_FIELD, type AccountFieldError, type AccountFieldErrors, type AccountFormRefusal } from "./account-forms";
import { forgetSession, serializeSessionCookie } from "~/session.server";

/**
 * The customer's calls to the CMS's account API (docs/decisions/011) from the storefront's actions
 * and loaders: the token stays in the httpOnly cookie and travels as a bearer token from this
 * server; the browser never holds it (specification, section 4, with the token kept server-side).
 */

/** An account call's answer: the CMS's refusal protocol read once, by cmsCall. */
export type AccountCall<T> = CmsResult<T>;

/** A refusal of an account form: the CMS's, or one this server makes before calling (refuseInvalid). */
export type AccountRefusal = CmsRefusalReason;

/** A zod error of a contract as field errors: the first problem of each field. */
export function accountErrorsOf(error: z.ZodError): AccountFieldErrors {
  const errors: Record<string, AccountFieldError> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? FORM_FIELD);
    errors[field] ??= fieldErrorOf(issue.message);
  }
  return errors;
}

/**
 * One account call (cmsCall under the name the account pages use): the CMS's answer checked with
 * its contract, or why it was refused; an unreachable CMS is a "failed" refusal, never an
 * exception, so a page says so beside the form with what the customer typed still in it.
 */
export function accountCall<T>(
  path: string,
  contract: Contract<T>,
  options: CmsRequestOptions,
): Promise<AccountCall<T>> {
  return cmsCall(path, { ...options, contract });
}

const HTTP_STATUS: Record<AccountFormRefusal["status"], number> = {
  invalid: 400,
  limited: 429,
  signedOut: 401,
  failed: 503,
};

/** The account forms know no missing thing or conflict of their own: either is a failure to try again. */
const formStatusOf = (status: AccountRefusal["status"]): AccountFormRefusal["status"] =>
  status === "notFound" || status === "conflict" ? "failed" : status;

/** Refuses a posted account form: its errors and the typed values (passwords left out) with the matching status. */
export function refuseForm(
  refusal: AccountRefusal,
  { values, intent = null }: { values: Record<string, string>; intent?: string | null },
) {
  const errors = refusal.status === "invalid" ? refusal.errors : {};
  const headers = new Headers();
  const limited = refusal.status === "limited";
  if (limited) headers.set("Retry-After", String(refusal.retryAfterSeconds));
  const status = formStatusOf(refusal.status);
  return data<AccountFormRefusal>(
    {
      status,
      errors,
      values,
      intent,
      retryAfterMinutes: limited ? Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60)) : null,
    },
    { status: HTTP_STATUS[status], headers },
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

/**
 * Headers that store a new token (sign-in, registration, password change) and forget whatever this
 * process believed about the previous one (the session cookie's token, as the request context read it).
 */
export function storeToken(previousToken: string | null, jwt: string): Headers {
  forgetSession(previousToken);
  return new Headers({ "Set-Cookie": serializeSessionCookie(jwt) });
}
