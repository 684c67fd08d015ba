import { data } from "react-router";
import type { z } from "zod";
import { cmsCall } from "~/cms.server";
import { echoedValues } from "./echo";
import { readForm } from "./read-form.server";
import { fieldErrorOf, fieldErrorsOf, formReceiptSchema } from "@shop/contracts";
import type { FormResult } from "./form-result";

/**
 * Validates a posted form and hands it to the CMS, which stores it, e-mails staff and keeps the
 * hourly limit of messages per visitor (wherever a message enters, the same limit applies). What the
 * visitor typed comes back with any error, so nothing is lost. `visitor` is the client's address as
 * this server decided it; the CMS counts by it.
 */
export async function submitForm(
  request: Request,
  schema: z.ZodObject,
  cmsPath: string,
  { locale, visitor }: { locale: string; visitor: string },
) {
  const form = await readForm(request);
  const typed = Object.fromEntries(
    [...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]),
  );
  const values = echoedValues(typed, Object.keys(schema.shape));
  const parsed = schema.safeParse(typed);
  if (!parsed.success) {
    return data<FormResult>({ status: "invalid", errors: fieldErrorsOf(parsed.error), values }, { status: 400 });
  }
  // Optional fields left blank are not sent: the CMS reads "" as a value, and rejects it.
  const filled = Object.fromEntries(
    Object.entries(parsed.data).filter(([, value]) => value !== "" && value !== undefined),
  );
  const answer = await cmsCall(cmsPath, {
    contract: formReceiptSchema,
    method: "POST",
    body: { ...filled, locale },
    clientIp: visitor,
  });
  if (answer.ok) return data<FormResult>({ status: "sent" });
  if (answer.status === "limited") return data<FormResult>({ status: "limited", values }, { status: 429 });
  if (answer.status === "invalid" && answer.httpStatus === 400) {
    // The CMS checks with the same rules (@shop/contracts), so its messages are the same codes.
    const errors = Object.fromEntries(
      Object.entries(answer.errors).map(([field, { code, max }]) => [
        field,
        fieldErrorOf(max === undefined ? code : `${code}:${max}`),
      ]),
    );
    return data<FormResult>({ status: "invalid", errors, values }, { status: 400 });
  }
  return data<FormResult>({ status: "failed", values }, { status: 503 });
}
