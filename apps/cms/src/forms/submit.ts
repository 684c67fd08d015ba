import type { Core } from "@strapi/strapi";
import type { z } from "zod";
import { asApiContext, documents, type KoaContext } from "../catalogue/strapi-loose";
import { getEnv } from "../env";
import { sendValidationError, type FieldError } from "../http/errors";

export interface FormDefinition<Schema extends z.ZodType<{ website?: string | undefined; locale: string }>> {
  uid: string;
  schema: Schema;
  /** Builds the stored entry from the validated input. */
  toEntry(input: z.output<Schema>): Record<string, unknown>;
  /** The notification to staff: subject and plain-text body. */
  toMail(input: z.output<Schema>, adminUrl: string): { subject: string; text: string; replyTo: string };
}

function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === "symbol" ? String(part) : part)),
    message: issue.message,
    name: "ValidationError",
  }));
}

/** Accepts the fields bare or in Strapi's `{ data: { ... } }` envelope. */
function formInput(body: unknown): unknown {
  if (typeof body === "object" && body !== null && "data" in body) {
    const data = (body as { data: unknown }).data;
    if (typeof data === "object" && data !== null) return data;
  }
  return body;
}

/**
 * POST handler of a public form: validate (400 with field errors), store the entry, tell staff by
 * e-mail, answer 201. A failed e-mail is logged, not reported to the visitor: the entry is stored
 * and staff see it in the admin panel.
 */
export function createFormHandler<Schema extends z.ZodType<{ website?: string | undefined; locale: string }>>(
  strapi: Core.Strapi,
  form: FormDefinition<Schema>,
) {
  return async (koaCtx: KoaContext) => {
    const ctx = asApiContext(koaCtx);
    const parsed = form.schema.safeParse(formInput(ctx.request.body) ?? {});
    if (!parsed.success) {
      sendValidationError(ctx, "The form has invalid fields", fieldErrors(parsed.error));
      return;
    }
    const input = parsed.data;
    ctx.set("Cache-Control", "no-store");
    if (input.website !== undefined && input.website.trim() !== "") {
      // Looks like success to the bot, stores and sends nothing.
      ctx.status = 201;
      ctx.body = { data: { received: true }, meta: {} };
      return;
    }

    const entry = await documents(strapi, form.uid).create({ data: form.toEntry(input) });
    const env = getEnv();
    const mail = form.toMail(
      input,
      `${env.publicUrl}/admin/content-manager/collection-types/${form.uid}/${entry.documentId}`,
    );
    try {
      await strapi
        .plugin("email")
        .service("email")
        .send({ to: env.staffEmail, ...mail });
    } catch (error) {
      strapi.log.error(
        `Could not e-mail staff about ${form.uid} ${entry.documentId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    ctx.status = 201;
    ctx.body = { data: { received: true, id: entry.id, documentId: entry.documentId }, meta: {} };
  };
}
