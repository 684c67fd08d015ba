/**
 * The public forms' limits and error codes, without zod: the storefront's pages import these on
 * first load (inputs' maxLength, the companies form's choices, error texts), and load the schemas
 * of ./forms only when a visitor starts filling a form in (decision 006's budget).
 */

/** The longest value each field takes: the schemas, the inputs' maxLength and what a page echoes back. */
export const FIELD_MAX = {
  name: 120,
  email: 254,
  company: 160,
  phone: 32,
  employees: 16,
  message: 5000,
  website: 1000,
} as const satisfies Record<string, number>;

export const EMPLOYEE_RANGES = ["1-10", "11-50", "51-200", "201+"] as const;

export const FIELD_ERROR_CODES = ["required", "tooLong", "invalidEmail", "invalidPhone"] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export interface FieldError {
  readonly code: FieldErrorCode;
  readonly max?: number;
}

export type FieldErrors = Readonly<Record<string, FieldError>>;

/** Reads one of this module's error messages ("tooLong:120") back into a code and its limit. */
export function fieldErrorOf(message: string): FieldError {
  const [code, max] = message.split(":");
  const known = (FIELD_ERROR_CODES as readonly string[]).includes(code ?? "");
  return { code: known ? (code as FieldErrorCode) : "required", ...(max ? { max: Number(max) } : {}) };
}
