import {
  LOCALES,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRENGTHS,
  parseTaxId,
  passwordLengthProblem,
} from "@shop/domain";
import { z } from "zod";
import {
  ACCOUNT_FIELD_MAX,
  SIGN_IN_CODE_LENGTH,
  CUSTOMER_KINDS,
  ADDRESS_COUNTRIES,
  CONSENT_SOURCES,
  CONSENT_LOG_SOURCES,
  CONSENT_EVENTS,
  NEWSLETTER_STATUSES,
  type AddressCountry,
  type PostalAddressField,
} from "./account-limits";

// The CSP of the storefront forbids eval: zod must not probe for it (see ./forms).
z.config({ jitless: true });

/**
 * Customer accounts (docs/decisions/011): the body of every auth and account call the CMS takes,
 * and the JSON it answers with. The browser checks a form with these schemas, the storefront's
 * action parses with them, and the CMS refuses what does not fit (400, Strapi's error shape). Error
 * messages are codes ("tooLong:80", "passwordTooShort:8"), worded by the storefront. Bodies are
 * strict: a key the call does not take (role, confirmed, blocked, provider, ...) is refused, not
 * ignored.
 */

const tooLong = (max: number) => ({ error: `tooLong:${max}` });

// Control characters have no place in a name or an address, and would end up in e-mail headers.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const text = (max: number) =>
  z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(max, tooLong(max))
    .refine((value) => !CONTROL.test(value), { error: "required" });

/** Optional text: absent, null or blank all mean "none" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .refine((value) => !CONTROL.test(value), { error: "required" })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === "" ? null : value));

/** E-mail addresses are stored and compared in lower case. */
export const emailField = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(ACCOUNT_FIELD_MAX.email, tooLong(ACCOUNT_FIELD_MAX.email))
  .pipe(z.email({ error: "invalidEmail" }))
  .transform((value) => value.toLowerCase());

/** A new password: the length rule here; the CMS also refuses common ones (checkPassword). */
export const newPasswordField = z.string({ error: "required" }).superRefine((value, ctx) => {
  const problem = passwordLengthProblem(value);
  if (problem === "tooShort")
    ctx.addIssue({
      code: "custom",
      message: `passwordTooShort:${PASSWORD_MIN_LENGTH}`,
    });
  if (problem === "tooLong")
    ctx.addIssue({
      code: "custom",
      message: `passwordTooLong:${PASSWORD_MAX_BYTES}`,
    });
});

/** A password typed to prove who one is: any length up to what a hash reads, never trimmed. */
const currentPasswordField = z.string({ error: "required" }).min(1, { error: "required" }).max(1024, tooLong(1024));

const phoneField = z
  .string()
  .trim()
  .max(ACCOUNT_FIELD_MAX.phone, tooLong(ACCOUNT_FIELD_MAX.phone))
  .refine((value) => value === "" || /^\+?[\d\s().-]{6,}$/.test(value), {
    error: "invalidPhone",
  })
  .nullish()
  .transform((value) => (value === undefined || value === null || value === "" ? null : value));

const localeField = z.enum(LOCALES, { error: "invalidChoice" });

const tokenField = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(ACCOUNT_FIELD_MAX.token, tooLong(ACCOUNT_FIELD_MAX.token));

function passwordsMatch(body: { password: string; passwordConfirmation: string }, ctx: z.RefinementCtx) {
  if (body.password !== body.passwordConfirmation) {
    ctx.addIssue({
      code: "custom",
      path: ["passwordConfirmation"],
      message: "passwordMismatch",
    });
  }
}

// ---- Sign-in, registration, recovery -------------------------------------------------------------

/** POST /auth/local: the spec's identifier (the e-mail address) and password. */
export const signInBody = z.strictObject({
  identifier: emailField,
  password: currentPasswordField,
});
export type SignInBody = z.output<typeof signInBody>;

/** POST /auth/local/register. The language of the page becomes the account's preferred language. */
export const registerBody = z.strictObject({
  email: emailField,
  password: newPasswordField,
  firstName: optionalText(ACCOUNT_FIELD_MAX.firstName),
  lastName: optionalText(ACCOUNT_FIELD_MAX.lastName),
  preferredLocale: localeField.default("es"),
});
export type RegisterBody = z.output<typeof registerBody>;

/** POST /auth/forgot-password, /auth/send-email-confirmation, /auth/sign-in-code. */
export const emailRequestBody = z.strictObject({
  email: emailField,
  /** The page's language: the mail's, when the address has no account to take it from. */
  locale: localeField.optional(),
});
export type EmailRequestBody = z.output<typeof emailRequestBody>;

/** POST /auth/reset-password: the code of the e-mailed link and the new password twice. */
export const resetPasswordBody = z
  .strictObject({
    code: tokenField,
    password: newPasswordField,
    passwordConfirmation: z.string({ error: "required" }),
  })
  .superRefine(passwordsMatch);
export type ResetPasswordBody = z.output<typeof resetPasswordBody>;

/** POST /auth/change-password (signed in). */
export const changePasswordBody = z
  .strictObject({
    currentPassword: currentPasswordField,
    password: newPasswordField,
    passwordConfirmation: z.string({ error: "required" }),
  })
  .superRefine(passwordsMatch);
export type ChangePasswordBody = z.output<typeof changePasswordBody>;

/** POST /auth/email-confirmation: the token of the e-mailed link. */
export const emailConfirmationBody = z.strictObject({
  confirmation: tokenField,
});

/** POST /auth/sign-in-code/verify: the address the code was sent to and the code. */
export const signInCodeBody = z.strictObject({
  email: emailField,
  code: z
    .string({ error: "required" })
    .trim()
    .regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), {
      error: "invalidCode",
    }),
});
export type SignInCodeBody = z.output<typeof signInCodeBody>;

// ---- The customer's record -----------------------------------------------------------------------

/**
 * The profile's tax id (a Spanish NIF, NIE or CIF, a Portuguese NIF, or an EU VAT number with its
 * prefix) in one spelling, or null when left blank. An invoice's is read with its address's country
 * (./order, draftInvoiceSchema).
 */
export const taxIdField = z
  .string()
  .trim()
  .max(ACCOUNT_FIELD_MAX.taxId, tooLong(ACCOUNT_FIELD_MAX.taxId))
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return null;
    const parsed = parseTaxId(value);
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: "invalidTaxId" });
      return z.NEVER;
    }
    return parsed.value;
  });

/**
 * PUT /users/me: the whole profile (what is left out is cleared). A company needs its name and
 * tax id; e-mail, password, role and the account's state are not changed here.
 */
export const profileBody = z
  .strictObject({
    firstName: optionalText(ACCOUNT_FIELD_MAX.firstName),
    lastName: optionalText(ACCOUNT_FIELD_MAX.lastName),
    phone: phoneField,
    preferredLocale: localeField,
    customerKind: z.enum(CUSTOMER_KINDS, { error: "invalidChoice" }).default("consumer"),
    companyName: optionalText(ACCOUNT_FIELD_MAX.companyName),
    taxId: taxIdField,
  })
  .superRefine((body, ctx) => {
    if (body.customerKind !== "company") return;
    if (body.companyName === null)
      ctx.addIssue({
        code: "custom",
        path: ["companyName"],
        message: "required",
      });
    if (body.taxId === null) ctx.addIssue({ code: "custom", path: ["taxId"], message: "required" });
  });
export type ProfileBody = z.output<typeof profileBody>;

/** The signed-in customer as GET /users/me (and every sign-in) answers. */
export const accountSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  username: z.string().nullish(),
  provider: z.string(),
  confirmed: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  preferredLocale: z.enum(LOCALES),
  customerKind: z.enum(CUSTOMER_KINDS),
  companyName: z.string().nullable(),
  taxId: z.string().nullable(),
  newsletter: z.boolean(),
  createdAt: z.string(),
});
export type Account = z.output<typeof accountSchema>;

/** A sign-in, registration or password change: the token and the customer. */
export const authAnswerSchema = z.object({
  jwt: z.string().min(1),
  user: accountSchema,
});
export type AuthAnswer = z.output<typeof authAnswerSchema>;

/** The answer that says nothing about whether an address has an account. */
export const okAnswerSchema = z.object({ ok: z.literal(true) });

export const passwordStrengthSchema = z.enum(PASSWORD_STRENGTHS);

// ---- Address book --------------------------------------------------------------------------------

const POSTAL_CODES: Record<AddressCountry, RegExp> = {
  // Two digits of the province (01-52), three of the area.
  ES: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
};

/** The fields of a postal address (POSTAL_ADDRESS_FIELDS): the address book's, and an order's delivery and invoice addresses (./order). */
export const postalAddressFields = {
  fullName: text(ACCOUNT_FIELD_MAX.fullName),
  company: optionalText(ACCOUNT_FIELD_MAX.companyName),
  line1: text(ACCOUNT_FIELD_MAX.line),
  line2: optionalText(ACCOUNT_FIELD_MAX.line),
  postalCode: text(ACCOUNT_FIELD_MAX.postalCode),
  city: text(ACCOUNT_FIELD_MAX.city),
  region: optionalText(ACCOUNT_FIELD_MAX.region),
  country: z.enum(ADDRESS_COUNTRIES, { error: "invalidChoice" }).default("ES"),
  phone: phoneField,
} satisfies Record<PostalAddressField, z.ZodType>;

/** Refuses a postal code that is not of the address's country (a superRefine of an address). */
export function checkPostalCode(body: { postalCode: string; country: AddressCountry }, ctx: z.RefinementCtx): void {
  if (!POSTAL_CODES[body.country].test(body.postalCode)) {
    ctx.addIssue({
      code: "custom",
      path: ["postalCode"],
      message: "invalidPostalCode",
    });
  }
}

/** POST /users/me/addresses and PUT /users/me/addresses/:documentId. */
export const addressBody = z
  .strictObject({
    label: optionalText(ACCOUNT_FIELD_MAX.label),
    ...postalAddressFields,
    notes: optionalText(ACCOUNT_FIELD_MAX.notes),
    isDefaultDelivery: z.boolean().default(false),
    isDefaultBilling: z.boolean().default(false),
  })
  .superRefine(checkPostalCode);
export type AddressBody = z.output<typeof addressBody>;

export const addressSchema = z.object({
  documentId: z.string(),
  label: z.string().nullable(),
  fullName: z.string(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  region: z.string().nullable(),
  country: z.enum(ADDRESS_COUNTRIES),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  isDefaultDelivery: z.boolean(),
  isDefaultBilling: z.boolean(),
});
export type Address = z.output<typeof addressSchema>;

export const addressListSchema = z.object({ data: z.array(addressSchema) });

// ---- Newsletter consent --------------------------------------------------------------------------

/** PUT /users/me/newsletter: subscribe or unsubscribe, with the words the customer was shown. */
export const newsletterBody = z
  .strictObject({
    subscribed: z.boolean({ error: "required" }),
    wording: optionalText(ACCOUNT_FIELD_MAX.wording),
    locale: localeField,
    source: z.enum(CONSENT_SOURCES, { error: "invalidChoice" }).default("account"),
  })
  .superRefine((body, ctx) => {
    // Consent is only consent to something: the text shown beside the box is kept with it.
    if (body.subscribed && body.wording === null) {
      ctx.addIssue({ code: "custom", path: ["wording"], message: "required" });
    }
  });
export type NewsletterBody = z.output<typeof newsletterBody>;

/**
 * GET/PUT /users/me/newsletter. `subscribed` is `status === "subscribed"` (confirmed); in the
 * history, newest first, `subscribed` says whether the entry gives consent (a request, a
 * confirmation) or withdraws it.
 */
export const newsletterAnswerSchema = z.object({
  status: z.enum(NEWSLETTER_STATUSES),
  subscribed: z.boolean(),
  history: z.array(
    z.object({
      event: z.enum(CONSENT_EVENTS),
      subscribed: z.boolean(),
      wording: z.string().nullable(),
      locale: z.enum(LOCALES),
      source: z.enum(CONSENT_LOG_SOURCES),
      at: z.string(),
    }),
  ),
});
export type NewsletterAnswer = z.output<typeof newsletterAnswerSchema>;

// ---- Sign in with Apple --------------------------------------------------------------------------

/** POST /users-permissions/apple/login: the identity token Apple gave the browser or the app. */
export const appleLoginBody = z.strictObject({
  accessToken: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(8192, tooLong(8192)),
});

/** GET /users-permissions/get-apple-url: where to send the customer to sign in with Apple. */
export const appleUrlAnswerSchema = z.object({
  url: z.string().url(),
  state: z.string(),
});

// ---- Sign in with Google, Microsoft and Facebook (docs/decisions/025) ----------------------------

/** The providers whose authorization-code flow the storefront runs and the CMS finishes. */
export const OAUTH_PROVIDERS = ["google", "microsoft", "facebook"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** GET /auth/providers: those whose keys the CMS has, in the order the sign-in page shows them. */
export const oauthProvidersAnswerSchema = z.object({ providers: z.array(z.enum(OAUTH_PROVIDERS)) });

/** RFC 7636: a code verifier is 43 to 128 unreserved characters; its S256 challenge 43 base64url ones. */
const codeVerifier = z.string({ error: "required" }).regex(/^[A-Za-z0-9._~-]{43,128}$/, { error: "invalidCode" });
const oauthState = z.string({ error: "required" }).regex(/^[A-Za-z0-9_-]{16,128}$/, { error: "invalidCode" });

/** GET /auth/{provider}/authorize: the provider's page for the storefront's state and PKCE challenge. */
export const oauthAuthorizeQuery = z.strictObject({
  locale: z.enum(LOCALES, { error: "invalidChoice" }),
  state: oauthState,
  code_challenge: z.string({ error: "required" }).regex(/^[A-Za-z0-9_-]{43}$/, { error: "invalidCode" }),
});
export const oauthAuthorizeAnswerSchema = z.object({ url: z.string().url() });

/**
 * GET /auth/{provider}/callback (specification, section 5): either the storefront's authorization
 * code with its PKCE verifier and the language of the return page it came back to, or the ID token
 * the company's app got natively (`access_token`, the specification's name).
 */
export const oauthCallbackQuery = z.union([
  z.strictObject({
    code: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(2048, tooLong(2048)),
    code_verifier: codeVerifier,
    locale: z.enum(LOCALES, { error: "invalidChoice" }),
  }),
  z.strictObject({
    access_token: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(8192, tooLong(8192)),
  }),
]);
export type OAuthCallbackQuery = z.output<typeof oauthCallbackQuery>;
