import { data } from "react-router";
import type { z } from "zod";
import { cmsFetch } from "~/cms.server";
import { fieldErrorsOf, type FieldErrors } from "./schemas";
import { formSubmissions, type SubmissionLimiter } from "./submission-limit.server";

export type FormResult =
  | { readonly status: "sent" }
  | { readonly status: "invalid"; readonly errors: FieldErrors; readonly values: Record<string, string> }
  | { readonly status: "failed"; readonly values: Record<string, string> }
  | { readonly status: "limited"; readonly values: Record<string, string> };

/**
 * Validates a posted form and hands it to the CMS, which stores it and e-mails staff. What the
 * visitor typed comes back with any error, so nothing is lost. `visitor` (the client's IP address)
 * keys the hourly limit of messages.
 */
export async function submitForm(
  request: Request,
  schema: z.ZodType<Record<string, unknown>>,
  cmsPath: string,
  { locale, visitor, limiter = formSubmissions }: { locale: string; visitor: string; limiter?: SubmissionLimiter },
) {
  const form = await request.formData();
  const values = Object.fromEntries(
    [...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]),
  );
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    return data<FormResult>({ status: "invalid", errors: fieldErrorsOf(parsed.error), values }, { status: 400 });
  }
  const limitKey = `${cmsPath} ${visitor}`;
  if (!(await limiter.take(limitKey))) {
    return data<FormResult>({ status: "limited", values }, { status: 429 });
  }
  let sent = false;
  try {
    // Optional fields left blank are not sent: the CMS reads "" as a value, and rejects it.
    const filled = Object.fromEntries(
      Object.entries(parsed.data).filter(([, value]) => value !== "" && value !== undefined),
    );
    const response = await cmsFetch(cmsPath, { method: "POST", body: { ...filled, locale } });
    if (response.ok) {
      sent = true;
      return data<FormResult>({ status: "sent" });
    }
    if (response.status === 400) {
      const body = (await response.json()) as { error?: { details?: { errors?: { path?: unknown[] }[] } } };
      const fields = (body.error?.details?.errors ?? []).map((error) => String(error.path?.[0] ?? "form"));
      if (fields.length > 0) {
        const errors = Object.fromEntries(fields.map((field) => [field, { code: "required" as const }]));
        return data<FormResult>({ status: "invalid", errors, values }, { status: 400 });
      }
    }
    console.error(`CMS refused ${cmsPath}: ${response.status}`);
  } catch (error) {
    console.error(`Could not reach the CMS for ${cmsPath}`, error);
  } finally {
    // Only messages that reached staff count towards the limit.
    if (!sent) await limiter.giveBack(limitKey);
  }
  return data<FormResult>({ status: "failed", values }, { status: 503 });
}
