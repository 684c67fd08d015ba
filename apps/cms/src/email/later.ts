import type { Core } from "@strapi/strapi";
import { sendEmail, type EmailMessage } from "./send";
import type { TemplateName } from "./templates";

// Mails that go out after the answer: how long a mail takes must not tell a caller whether an
// address has an account or a subscription (docs/decisions/011). Strapi's destroy waits for them
// (src/index.ts).
const pendingMails = new Set<Promise<void>>();

/** Starts sending a mail and returns at once; a failure is logged, never thrown. */
export function sendEmailLater<Name extends TemplateName>(strapi: Core.Strapi, message: EmailMessage<Name>): void {
  const sending = sendEmail(strapi, message)
    .catch((error: unknown) => {
      strapi.log.error(
        `Could not send the ${message.template} mail: ${error instanceof Error ? error.message : String(error)}`,
      );
    })
    .finally(() => pendingMails.delete(sending));
  pendingMails.add(sending);
}

/** Resolves when every mail started so far has been handed over (or has failed). */
export async function flushLaterEmails(): Promise<void> {
  while (pendingMails.size > 0) await Promise.all([...pendingMails]);
}
