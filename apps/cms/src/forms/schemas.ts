import { z } from "zod";
import { LANGUAGES } from "../catalogue/collections";

/**
 * The public forms (contact, companies). The storefront validates with its own copy of these rules
 * for instant feedback; these are the ones that count. Lengths bound what a visitor can store and
 * mail to staff; one-line fields refuse control characters so nothing can be smuggled into mail headers.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const oneLine = (max: number) =>
  z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(max, { error: `at most ${max} characters` })
    .refine((value) => !CONTROL.test(value), { error: "must be a single line" });

const email = z
  .string({ error: "required" })
  .trim()
  .max(254, { error: "at most 254 characters" })
  .pipe(z.email({ error: "must be a valid e-mail address" }));

const phone = z
  .string()
  .trim()
  .max(32, { error: "at most 32 characters" })
  .regex(/^\+?[\d\s().-]{6,}$/, { error: "must be a phone number" })
  .optional()
  .or(z.literal("").transform(() => undefined));

const longText = (max: number) =>
  z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(max, { error: `at most ${max} characters` });

/** Bots fill every field; people never see this one. Any value means "do not store, do not mail". */
const honeypot = z.string().max(1000).optional();

const locale = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(", ")}` }).default("es");

export const contactMessageSchema = z.object({
  name: oneLine(120),
  email,
  phone,
  message: longText(5000),
  locale,
  website: honeypot,
});

export const companyLeadSchema = z.object({
  name: oneLine(120),
  email,
  company: oneLine(160),
  phone,
  employees: oneLine(32).optional(),
  message: longText(5000).optional(),
  locale,
  website: honeypot,
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
export type CompanyLeadInput = z.infer<typeof companyLeadSchema>;
