import type { Core } from "@strapi/strapi";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { z } from "zod";
import { asApiContext, documents, type KoaContext } from "../catalogue/strapi-loose";
import { sendEmail } from "../email/send";
import type { TemplateName, TemplateProps } from "../email/templates";
import { getEnv } from "../env";
import { sendError, sendValidationError, type FieldError } from "../http/errors";

export interface FormDefinition<
  Schema extends z.ZodType<{ website?: string | undefined; locale: string }>,
  Template extends TemplateName,
> {
  uid: string;
  schema: Schema;
  /** Builds the stored entry from the validated input. */
  toEntry(input: z.output<Schema>): Record<string, unknown>;
  /**
   * The notification to staff: which template of src/email/templates, its props, and the visitor's
   * address to reply to. It is sent to STAFF_EMAIL in STAFF_LOCALE.
   */
  toMail(
    input: z.output<Schema>,
    adminUrl: string,
  ): { template: Template; props: TemplateProps[Template]; replyTo: string };
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
 * At most FORM_SUBMISSIONS_PER_HOUR messages per client address and form: a brake on spam, not a
 * quota. It lives here, where every message enters (through the storefront's pages or straight
 * to /api/contact-messages), and counts by the address src/middlewares/client-ip.ts decided.
 * Per process: N processes allow up to N times the limit, which still stops a flood.
 */
function createSubmissionLimit(perHour: number) {
  const limiter = new RateLimiterMemory({ points: perHour, duration: 60 * 60 });
  return {
    /** Counts a message; the seconds to wait when this key has used up its hour, else null. */
    async take(key: string): Promise<number | null> {
      try {
        await limiter.consume(key);
        return null;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw rejection;
      }
    },
    /** A message that could not be stored does not count. */
    async giveBack(key: string): Promise<void> {
      await limiter.reward(key, 1);
    },
  };
}

/**
 * POST handler of a public form: validate (400 with field errors), check the hourly limit (429
 * with Retry-After), store the entry, tell staff by e-mail, answer 201. A failed e-mail is logged,
 * not reported to the visitor: the entry is stored and staff see it in the admin panel.
 */
export function createFormHandler<
  Schema extends z.ZodType<{ website?: string | undefined; locale: string }>,
  Template extends TemplateName,
>(strapi: Core.Strapi, form: FormDefinition<Schema, Template>) {
  const limit = createSubmissionLimit(getEnv().formSubmissionsPerHour);
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

    const limitKey = `${form.uid} ${ctx.request.ip}`;
    const waitSeconds = await limit.take(limitKey);
    if (waitSeconds !== null) {
      ctx.set("Retry-After", String(waitSeconds));
      sendError(ctx, 429, "RateLimitError", "Too many messages from this address; try again later");
      return;
    }
    let entry: { id: number; documentId: string };
    try {
      entry = await documents(strapi, form.uid).create({ data: form.toEntry(input) });
    } catch (error) {
      await limit.giveBack(limitKey);
      throw error;
    }
    const env = getEnv();
    const mail = form.toMail(
      input,
      `${env.publicUrl}/admin/content-manager/collection-types/${form.uid}/${entry.documentId}`,
    );
    try {
      await sendEmail(strapi, { ...mail, to: env.staffEmail, locale: env.staffLocale });
    } catch (error) {
      strapi.log.error(
        `Could not e-mail staff about ${form.uid} ${entry.documentId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    ctx.status = 201;
    ctx.body = { data: { received: true, id: entry.id, documentId: entry.documentId }, meta: {} };
  };
}
