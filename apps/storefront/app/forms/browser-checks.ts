import type { FieldErrors } from "@shop/contracts";

/** The public forms the browser checks before sending them. */
export type FormName = "contact" | "companyLead";

/** Checks the values a visitor typed: their problems by field, or null when the form may go. */
export type FormCheck = (values: Record<string, unknown>) => FieldErrors | null;

/**
 * The form's rules (@shop/contracts, the same the action and the CMS check with), loaded when a
 * visitor starts filling the form in: they bring zod, about 24 KB gzip, which no page may spend
 * on its first load (decision 006).
 */
export async function loadFormCheck(form: FormName): Promise<FormCheck> {
  const { companyLeadSchema, contactSchema, fieldErrorsOf } = await import("@shop/contracts");
  const schema = form === "contact" ? contactSchema : companyLeadSchema;
  return (values) => {
    const result = schema.safeParse(values);
    return result.success ? null : fieldErrorsOf(result.error);
  };
}
