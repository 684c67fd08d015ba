import { LOCALES } from "@shop/domain";
import { z } from "zod";
import { EMPLOYEE_RANGES, FIELD_MAX, fieldErrorOf, type FieldError, type FieldErrors } from "./form-limits";

// The browser needs the limits on every form page but the schemas (and zod) only once a visitor
// starts filling a form in: they live apart so that a page can import the first alone.
export * from "./form-limits";

// Zod probes `new Function` to compile faster parsers; the storefront's CSP forbids eval, and the
// browser reports each probe as a violation even though zod catches it. These forms need no compiling.
z.config({ jitless: true });

/**
 * The public forms (contact, companies): one set of rules for the browser (instant feedback), the
 * storefront's action and the CMS, which stores the message and mails staff. Errors are codes
 * ("tooLong:120"), turned into the page's language by the storefront.
 */

const tooLong = (max: number) => ({ error: `tooLong:${max}` });

// Control characters would end up in e-mail headers.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const oneLine = (max: number) =>
  z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(max, tooLong(max))
    .refine((value) => !CONTROL.test(value), { error: "required" });

const email = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(FIELD_MAX.email, tooLong(FIELD_MAX.email))
  .pipe(z.email({ error: "invalidEmail" }));

/** Optional; left blank it is absent. */
const phone = z
  .string()
  .trim()
  .max(FIELD_MAX.phone, tooLong(FIELD_MAX.phone))
  .refine((value) => value === "" || /^\+?[\d\s().-]{6,}$/.test(value), { error: "invalidPhone" })
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const longText = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, tooLong(max));

/** Bots fill every field; people never see this one. Any value means "do not store, do not mail". */
const honeypot = z.string().max(FIELD_MAX.website).optional();

/** What a visitor types into the contact form. */
export const contactSchema = z.object({
  name: oneLine(FIELD_MAX.name),
  email,
  phone,
  message: longText(FIELD_MAX.message),
  website: honeypot,
});

/** What a company types into the companies form. */
export const companyLeadSchema = z.object({
  name: oneLine(FIELD_MAX.name),
  email,
  company: oneLine(FIELD_MAX.company),
  phone,
  employees: z.enum(EMPLOYEE_RANGES, { error: "required" }),
  message: z
    .string()
    .trim()
    .max(FIELD_MAX.message, tooLong(FIELD_MAX.message))
    .transform((value) => (value === "" ? undefined : value))
    .optional(),
  website: honeypot,
});

/** The language of the page a message was sent from: staff answer in it. */
const pageLocale = z.enum(LOCALES, { error: "required" }).default("es");

/** POST /api/contact-messages: the form plus the page's language. */
export const contactMessagePayload = contactSchema.extend({ locale: pageLocale });
/** POST /api/company-leads: the form plus the page's language. */
export const companyLeadPayload = companyLeadSchema.extend({ locale: pageLocale });

/** The CMS's answer to either form: received (a bot's message too, without the entry it did not make). */
export const formReceiptSchema = z.object({ data: z.object({ received: z.literal(true) }) });

export type ContactMessagePayload = z.output<typeof contactMessagePayload>;
export type CompanyLeadPayload = z.output<typeof companyLeadPayload>;

/** The first problem of each field, as a code a form can translate. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: Record<string, FieldError> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (!errors[field]) errors[field] = fieldErrorOf(issue.message);
  }
  return errors;
}
