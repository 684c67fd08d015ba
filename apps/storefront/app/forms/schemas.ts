import { z } from "zod";

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
  .max(254, { error: "tooLong:254" })
  .pipe(z.email({ error: "invalidEmail" }));

const phone = z
  .string()
  .trim()
  .max(32, { error: "tooLong:32" })
  .refine((value) => value === "" || /^\+?[\d\s().-]{6,}$/.test(value), { error: "invalidPhone" })
  .optional();

const longText = (max: number) =>
  z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(max, { error: `tooLong:${max}` });

export const contactSchema = z.object({
  name: oneLine(120),
  email,
  phone,
  message: longText(5000),
  website: z.string().max(1000).optional(),
});

export const EMPLOYEE_RANGES = ["1-10", "11-50", "51-200", "201+"] as const;

export const companyLeadSchema = z.object({
  name: oneLine(120),
  email,
  company: oneLine(160),
  phone,
  employees: z.enum(EMPLOYEE_RANGES, { error: "required" }),
  message: z.string().trim().max(5000, { error: "tooLong:5000" }).optional(),
  website: z.string().max(1000).optional(),
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
