/**
 * The account forms' limits and choices, without zod: the storefront's pages import these with
 * their first load (inputs' maxLength, the code cells, the choices of a select), and their schemas
 * (./account) only in actions on the server (decision 006's budget, and zod's eval probe, which the
 * storefront's CSP refuses).
 */

export const ACCOUNT_FIELD_MAX = {
  email: 254,
  firstName: 80,
  lastName: 120,
  phone: 32,
  companyName: 160,
  taxId: 20,
  label: 60,
  fullName: 160,
  line: 160,
  postalCode: 10,
  city: 100,
  region: 100,
  notes: 300,
  wording: 2000,
  /** Tokens of e-mailed links are 64 hex characters; anything much longer is not one of ours. */
  token: 256,
} as const satisfies Record<string, number>;

/** Addresses a customer may keep. */
export const MAX_ADDRESSES = 20;
/** Digits of a sign-in code sent by e-mail. */
export const SIGN_IN_CODE_LENGTH = 6;

export const ACCOUNT_ERROR_CODES = [
  "required",
  "tooLong",
  "invalidEmail",
  "invalidPhone",
  "passwordTooShort",
  "passwordTooLong",
  "passwordCommon",
  "passwordMismatch",
  "invalidTaxId",
  "invalidPostalCode",
  "invalidCode",
  "invalidChoice",
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

export const CUSTOMER_KINDS = ["consumer", "company"] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

export const ADDRESS_COUNTRIES = ["ES", "PT"] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];

/**
 * The fields of a postal address, in the order the forms show them: the address book's entries and
 * an order's delivery and invoice addresses (./account's postalAddressFields has exactly these).
 */
export const POSTAL_ADDRESS_FIELDS = [
  "fullName",
  "company",
  "line1",
  "line2",
  "postalCode",
  "city",
  "region",
  "country",
  "phone",
] as const;
export type PostalAddressField = (typeof POSTAL_ADDRESS_FIELDS)[number];

/** Where a customer gave or withdrew newsletter consent: the account's page, registration, the footer, an order's summary. */
export const CONSENT_SOURCES = ["account", "register", "footer", "checkout"] as const;
/**
 * Where an entry of the consent log comes from: one of the forms above, a link in a newsletter mail
 * (confirmation, unsubscribe), or the account's deletion (docs/decisions/013).
 */
export const CONSENT_LOG_SOURCES = [...CONSENT_SOURCES, "email", "deletion"] as const;
/** The steps the consent log keeps: asked for (with the wording), confirmed by the e-mailed link, withdrawn. */
export const CONSENT_EVENTS = ["request", "confirm", "unsubscribe"] as const;
/** A newsletter subscription: waiting for the e-mailed confirmation, confirmed, or withdrawn. */
export const NEWSLETTER_STATUSES = ["pending", "subscribed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
