import { z } from "zod";
import { FIELD_MAX } from "./limits";

// Zod probes `new Function` to compile faster parsers; our CSP forbids eval, and the browser reports
// each probe as a violation even though zod catches it. These small forms need no compiling.
z.config({ jitless: true });

/**
 * The public forms, validated in the browser (instant feedback) and again in the route action.
 * The CMS validates once more with the same rules (apps/cms/src/forms/schemas.ts); keep them in
 * step. Errors are codes, turned into the page's language by the form.
 */
export type FieldErrorCode = "required" | "tooLong" | "invalidEmail" | "invalidPhone";

// Control characters would end up in e-mail headers.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const oneLine = (max: number) =>
  z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(max, { error: `tooLong:${max}` })
    .refine((value) => !CONTROL.test(value), { error: "required" });

const email = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(FIELD_MAX.email, { error: `tooLong:${FIELD_MAX.email}` })
  .pipe(z.email({ error: "invalidEmail" }));

const phone = z
  .string()
  .trim()
  .max(FIELD_MAX.phone, { error: `tooLong:${FIELD_MAX.phone}` })
  .refine((value) => value === "" || /^\+?[\d\s().-]{6,}$/.test(value), { error: "invalidPhone" })
  .optional();

const longText = (max: number) =>
  z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(max, { error: `tooLong:${max}` });

const honeypot = z.string().max(FIELD_MAX.website).optional();

export const contactSchema = z.object({
  name: oneLine(FIELD_MAX.name),
  email,
  phone,
  message: longText(FIELD_MAX.message),
  website: honeypot,
});

export const EMPLOYEE_RANGES = ["1-10", "11-50", "51-200", "201+"] as const;

export const companyLeadSchema = z.object({
  name: oneLine(FIELD_MAX.name),
  email,
  company: oneLine(FIELD_MAX.company),
  phone,
  employees: z.enum(EMPLOYEE_RANGES, { error: "required" }),
  message: z
    .string()
    .trim()
    .max(FIELD_MAX.message, { error: `tooLong:${FIELD_MAX.message}` })
    .optional(),
  website: honeypot,
});

export interface FieldError {
  readonly code: FieldErrorCode;
  readonly max?: number;
}

export type FieldErrors = Readonly<Record<string, FieldError>>;

/** The first problem of each field, as a code the form can translate. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: Record<string, FieldError> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (errors[field]) continue;
    const [code, max] = issue.message.split(":");
    errors[field] = {
      code: (["required", "tooLong", "invalidEmail", "invalidPhone"].includes(code ?? "")
        ? code
        : "required") as FieldErrorCode,
      ...(max ? { max: Number(max) } : {}),
    };
  }
  return errors;
}
