import type { Core } from "@strapi/strapi";
import type { Locale } from "@shop/domain";
import type { TemplateName, TemplateProps } from "./templates";

export interface EmailMessage<Name extends TemplateName> {
  /** Which message: a key of the registry in src/email/templates/index.ts. */
  template: Name;
  /** What the template shows; its type follows the template's name. */
  props: TemplateProps[Name];
  to: string;
  /** The recipient's language: the subject and every text of the message are in it. */
  locale: Locale;
  /** Where answers go; default: EMAIL_REPLY_TO (the email plugin's setting). */
  replyTo?: string;
  /**
   * Extra header fields, e.g. a newsletter's List-Unsubscribe (src/newsletter/newsletter.ts). Values
   * must be what the CMS made: a line break in one would start a header of its own.
   */
  headers?: Readonly<Record<string, string>>;
  /** Files sent with the message (a gift card's PDF); nodemailer's attachment shape. */
  attachments?: readonly EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

// A header value with a line break would let its text add fields of its own.
function assertHeaderSafe(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value)) throw new Error(`Refusing the mail header ${name}`);
  }
}

/**
 * The one way the CMS sends mail: renders the template in the recipient's language (subject,
 * HTML part, plain-text part) and hands it to Strapi's email plugin (SMTP, or the .eml outbox).
 * Throws when rendering or sending fails; callers decide whether that fails their request.
 */
export async function sendEmail<Name extends TemplateName>(
  strapi: Core.Strapi,
  { template, props, to, locale, replyTo, headers, attachments }: EmailMessage<Name>,
): Promise<void> {
  if (headers !== undefined) assertHeaderSafe(headers);
  // The renderer (React, React Email, html-to-text) loads on the first mail, not at every boot.
  const { renderEmail } = await import("./render.js");
  const { subject, html, text } = await renderEmail(template, props, locale);
  await strapi
    .plugin("email")
    .service("email")
    .send({
      to,
      subject,
      text,
      html,
      ...(replyTo === undefined ? {} : { replyTo }),
      ...(headers === undefined ? {} : { headers }),
      ...(attachments === undefined ? {} : { attachments: [...attachments] }),
    });
}
