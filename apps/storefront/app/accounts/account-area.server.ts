import {
  ACCOUNT_FIELD_MAX,
  ADDRESS_COUNTRIES,
  CUSTOMER_KINDS,
  addressBody,
  addressSchema,
  deleteAccountBody,
  newsletterConfirmAnswerSchema,
  newsletterTokenBody,
  newsletterUnsubscribeAnswerSchema,
  profileBody,
  type ProfileBody,
} from "@shop/contracts";
import { LOCALES, pathTo, REDIRECT_PARAM, type Locale } from "@shop/routing";
import { data, redirect, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { accountCall, accountErrorsOf } from "./account.server";
import type { AccountFieldErrors } from "./account-forms";
import { cmsFetch } from "~/cms.server";
import { echoedValues } from "~/forms/echo";
import type { LinkOutcome } from "~/components/newsletter-link-page";
import { forgetSession, type SessionUser } from "~/session.server";

/**
 * What the account area's loaders and actions share (profile, address book, newsletter, data
 * download, deletion): the customer's token, the posted forms turned into the CMS's bodies, and a
 * copy of the customer's data passed through from the CMS, which stays private.
 */

/** The login page, coming back to this request's page (or `target`) once signed in. */
export function signInAgain(request: Request, locale: Locale, target?: string): Response {
  const url = new URL(request.url);
  target ??= url.pathname.replace(/\.data$/, "") + url.search;
  return redirect(`${pathTo("login", locale)}?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`);
}

/** What a loader or action is handed that says who is asking: the request, and its resolved session and language. */
export interface Visit {
  readonly request: Request;
  readonly context: Pick<AppLoadContext, "locale" | "session">;
}

/** The signed-in customer of a request, and the token their calls to the CMS carry. */
export interface SignedInCustomer {
  readonly token: string;
  readonly customer: SessionUser;
}

/**
 * The signed-in customer, from the session resolved once for the request (server/request-context.ts);
 * signed out (or a token the CMS refused), the customer is sent to sign in and comes back to this
 * page (or `target`). The root guard does the same for guarded screens: this covers actions and
 * resource routes, and gives the loader the customer and token without parsing any cookie.
 */
export function requireCustomer({ request, context }: Visit, target?: string): SignedInCustomer {
  const { token, user } = context.session;
  if (!token || !user) throw signInAgain(request, context.locale, target);
  return { token, customer: user };
}

/**
 * A GET of the account API for a page: its answer, or null when the CMS cannot give it (the page
 * says so). A token the CMS no longer believes sends the customer to sign in again.
 */
export async function loadForPage<T>(
  visit: Visit,
  path: string,
  contract: { parse(json: unknown): T },
): Promise<T | null> {
  const { token } = requireCustomer(visit);
  const answer = await accountCall(path, contract, { token });
  if (answer.ok) return answer.value;
  if (answer.status === "signedOut") {
    // The CMS retired the token since the session was cached: forget it here and everywhere.
    forgetSession(token);
    throw signInAgain(visit.request, visit.context.locale);
  }
  return null;
}

// ---- Posted forms --------------------------------------------------------------------------------

/** Limits of what a refused form echoes: the contracts' text limits and the few choices of these forms. */
const ECHO_LIMITS: Readonly<Record<string, number>> = {
  ...ACCOUNT_FIELD_MAX,
  company: ACCOUNT_FIELD_MAX.companyName,
  documentId: 64,
};

/** Choices echoed only when they are one of the options (never a made-up value). */
const CHOICES: Readonly<Record<string, readonly string[]>> = {
  preferredLocale: LOCALES,
  customerKind: CUSTOMER_KINDS,
  country: ADDRESS_COUNTRIES,
  isDefaultDelivery: ["true"],
  isDefaultBilling: ["true"],
};

/** What a refused form shows again: its text fields cut at their limits, its choices when valid. */
export function echoOf(fields: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  const texts = names.filter((name) => !(name in CHOICES));
  const values = echoedValues(fields, texts, ECHO_LIMITS);
  for (const name of names) {
    const value = fields[name];
    if (name in CHOICES && value !== undefined && CHOICES[name]?.includes(value)) values[name] = value;
  }
  return values;
}

type Parsed<T> = { readonly ok: true; readonly body: T } | { readonly ok: false; readonly errors: AccountFieldErrors };

function parsedWith<T>(schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: accountErrorsOf(parsed.error) };
}

/** The profile form's fields: the contract's. */
export const PROFILE_FIELDS = Object.keys(profileBody.shape) as (keyof typeof profileBody.shape)[];

/**
 * The profile form as PUT /users/me takes it (the whole profile). A consumer has no company: the
 * company's name and tax id, hidden while "consumer" is chosen, are cleared rather than kept
 * unseen (or refused when the hidden tax id is not valid).
 */
export function profileFromForm(fields: Readonly<Record<string, string>>): Parsed<ProfileBody> {
  const company = fields.customerKind === "company";
  const parsed = parsedWith(profileBody, {
    firstName: fields.firstName ?? null,
    lastName: fields.lastName ?? null,
    phone: fields.phone ?? null,
    preferredLocale: fields.preferredLocale,
    customerKind: fields.customerKind,
    companyName: company ? (fields.companyName ?? null) : null,
    taxId: company ? (fields.taxId ?? null) : null,
  });
  if (parsed.ok || !company) return parsed;
  // The contract asks for a company's name and tax id only once every field is valid: say all at once.
  const missing = (["companyName", "taxId"] as const).filter((name) => !fields[name]?.trim());
  return {
    ok: false,
    errors: { ...Object.fromEntries(missing.map((name) => [name, { code: "required" }])), ...parsed.errors },
  };
}

/** The address form's fields: the address as the CMS answers it (its id and the contract's body). */
export const ADDRESS_FIELDS = Object.keys(addressSchema.shape) as (keyof typeof addressSchema.shape)[];

/** Its typed fields: all but the id, the country chosen and the two boxes. */
const ADDRESS_TEXTS = ADDRESS_FIELDS.filter((name) => !(name === "documentId" || name in CHOICES));

/** An address form as POST/PUT /users/me/addresses take it; a box left unticked is posted as nothing. */
export function addressFromForm(fields: Readonly<Record<string, string>>) {
  const texts = Object.fromEntries(ADDRESS_TEXTS.map((name) => [name, fields[name] ?? null]));
  return parsedWith(addressBody, {
    ...texts,
    // Spanish postal codes are digits; Portuguese ones are written 1000-001, often typed 1000001.
    postalCode: postalCodeOf(fields.postalCode ?? "", fields.country),
    country: fields.country,
    isDefaultDelivery: fields.isDefaultDelivery === "true",
    isDefaultBilling: fields.isDefaultBilling === "true",
  });
}

/** A postal code as the contract reads it: spaces dropped, and the Portuguese dash put back when left out. */
export function postalCodeOf(typed: string, country: string | undefined): string {
  const compact = typed.replace(/\s+/g, "");
  return country === "PT" && /^\d{7}$/.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
}

/** A Strapi document id, as the address forms post it; anything else is no address of this customer. */
export function documentIdOf(value: string | undefined): string | null {
  return value !== undefined && /^[A-Za-z0-9]{1,64}$/.test(value) ? value : null;
}

/**
 * The deletion form as DELETE /users/me takes it: the password when one was typed (an account
 * without one only confirms), and the ticked confirmation.
 */
export function deletionFromForm(fields: Readonly<Record<string, string>>) {
  const password = fields.currentPassword ?? "";
  return parsedWith(deleteAccountBody, {
    ...(password === "" ? {} : { currentPassword: password }),
    confirm: fields.confirm === "true" ? true : undefined,
  });
}

// ---- A copy of the customer's data ---------------------------------------------------------------

const DEFAULT_EXPORT_NAME = "imperfecta-datos.json";

/**
 * The customer's data as a JSON download, passed through from the CMS's GET /users/me/export
 * (streamed, never kept here). Null when the CMS cannot give it; "signedOut" when it no longer
 * believes the token.
 */
export async function exportedData(token: string): Promise<Response | "signedOut" | null> {
  try {
    const answer = await cmsFetch("/users/me/export", { token });
    if (answer.status === 401 || answer.status === 403) return "signedOut";
    const type = answer.headers.get("Content-Type") ?? "";
    if (!answer.ok || !type.startsWith("application/json") || !answer.body) {
      console.error(`The CMS answered ${answer.status} (${type}) to a data export`);
      await answer.body?.cancel();
      return null;
    }
    const disposition = answer.headers.get("Content-Disposition");
    return new Response(answer.body, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": disposition?.startsWith("attachment")
          ? disposition
          : `attachment; filename="${DEFAULT_EXPORT_NAME}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    console.error("The data export could not reach the CMS", error);
    return null;
  }
}

// ---- The newsletter's e-mailed links -------------------------------------------------------------

/**
 * RFC 8058 one-click unsubscribe: a mail provider posts `List-Unsubscribe=One-Click` to the URL of
 * the mail's List-Unsubscribe header, with the token in its query string and no Origin (it is no
 * browser, and no page of ours).
 */
export function isOneClickUnsubscribe(fields: Readonly<Record<string, string>>): boolean {
  return fields["List-Unsubscribe"] === "One-Click";
}

/** The e-mailed link's token: posted by the page's button, else the link's own `?token=`. */
export function linkTokenOf(request: Request, fields: Readonly<Record<string, string>>): string | null {
  const token = fields.token || new URL(request.url).searchParams.get("token");
  return token ? token : null;
}

const LINK_CALLS = {
  confirm: {
    path: "/newsletter/confirm",
    contract: {
      parse: (json: unknown): LinkOutcome => ({
        outcome: "subscribed",
        email: newsletterConfirmAnswerSchema.parse(json).email,
      }),
    },
  },
  unsubscribe: {
    path: "/newsletter/unsubscribe",
    contract: {
      parse: (json: unknown): LinkOutcome => {
        newsletterUnsubscribeAnswerSchema.parse(json);
        return { outcome: "unsubscribed" };
      },
    },
  },
} as const;

/**
 * Spends a newsletter link's token at the CMS (POST /newsletter/confirm or /unsubscribe) and says
 * how it went, with the matching status: a spent, expired or made-up token is the visitor's 400.
 */
export async function spendLinkToken(token: string | null, link: keyof typeof LINK_CALLS, clientIp: string) {
  const body = newsletterTokenBody.safeParse({ token });
  if (!body.success) return data<LinkOutcome>({ outcome: "invalid" }, { status: 400 });
  const { path, contract } = LINK_CALLS[link];
  const answer = await accountCall(path, contract, { method: "POST", body: body.data, clientIp });
  if (answer.ok) return data<LinkOutcome>(answer.value);
  if (answer.status === "invalid") return data<LinkOutcome>({ outcome: "invalid" }, { status: 400 });
  if (answer.status === "limited") {
    const retryAfterMinutes = Math.max(1, Math.ceil(answer.retryAfterSeconds / 60));
    return data<LinkOutcome>(
      { outcome: "limited", retryAfterMinutes },
      { status: 429, headers: { "Retry-After": String(answer.retryAfterSeconds) } },
    );
  }
  return data<LinkOutcome>({ outcome: "failed" }, { status: 503 });
}
