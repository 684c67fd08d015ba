import type { Core } from "@strapi/strapi";
import { afterAnswer } from "../http/after-answer";
import { sendEmail, type EmailMessage } from "./send";
import type { TemplateName } from "./templates";

/**
 * Sends a mail after the answer and returns at once; a failure is logged, never thrown. How long a
 * mail takes must not tell a caller whether an address has an account or a subscription
 * (docs/decisions/011); Strapi's destroy waits for it (src/http/after-answer.ts).
 */
export function sendEmailLater<Name extends TemplateName>(strapi: Core.Strapi, message: EmailMessage<Name>): void {
  afterAnswer(strapi, `send the ${message.template} mail`, () => sendEmail(strapi, message));
}

/**
 * sendEmailLater's work without the sending: the template rendered in the same turn after the
 * answer, then dropped. For a request about an address that gets no mail (no account, blocked), so
 * that the work after its answer costs what a real mail's does (docs/decisions/011).
 */
export function renderEmailLater<Name extends TemplateName>(strapi: Core.Strapi, message: EmailMessage<Name>): void {
  afterAnswer(strapi, `render the ${message.template} mail`, async () => {
    const { renderEmail } = await import("./render.js");
    await renderEmail(message.template, message.props, message.locale);
  });
}
