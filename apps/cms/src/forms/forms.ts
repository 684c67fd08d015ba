import type { Core } from "@strapi/strapi";
import type { CompanyLeadPayload, ContactMessagePayload } from "@shop/contracts";
import { RateLimiterRes } from "rate-limiter-flexible";
import { documents } from "../database/documents";
import { sendEmail, type EmailMessage } from "../email/send";
import type { TemplateName, TemplateProps } from "../email/templates";
import { getEnv } from "../env";
import { RateLimitedError } from "../rate-limits/errors";
import { buildLimiter } from "../rate-limits/rate-limits";
import { CONTENT_TYPES } from "../content-types";
import { storefrontLink } from "../storefront-links";

/** Who sent a message: the client address src/middlewares/client-ip.ts decided. */
export interface Sender {
  address: string;
}

/** What became of a message: stored (with its entry), or dropped because a bot filled the honeypot. */
export type FormReceipt = { stored: true; id: number; documentId: string } | { stored: false };

interface PublicFormInput {
  email: string;
  website?: string | undefined;
}

/** A public form: where its messages are kept and which mail tells staff about one. */
interface FormDefinition<Input extends PublicFormInput, Template extends TemplateName> {
  uid: string;
  template: Template;
  /** The message as staff keep it and read it: the stored entry and the notification show the same. */
  fields(input: Input): Omit<TemplateProps[Template], "adminUrl">;
  /** The mail that tells the sender, in their language, that their message arrived (if the form sends one). */
  acknowledgement?(input: Input): EmailMessage<TemplateName>;
}

/** What both forms ask: who writes, how to reach them, and the language to answer in. */
function senderFields(input: ContactMessagePayload | CompanyLeadPayload) {
  return { name: input.name, email: input.email, phone: input.phone ?? null, language: input.locale };
}

const contactMessageForm: FormDefinition<ContactMessagePayload, "staffContactMessage"> = {
  uid: CONTENT_TYPES.contactMessage,
  template: "staffContactMessage",
  fields: (input) => ({ ...senderFields(input), message: input.message }),
};

const companyLeadForm: FormDefinition<CompanyLeadPayload, "staffCompanyLead"> = {
  uid: CONTENT_TYPES.companyLead,
  template: "staffCompanyLead",
  fields: (input) => ({
    ...senderFields(input),
    company: input.company,
    employees: input.employees ?? null,
    message: input.message ?? null,
  }),
  // Issue 23: a company is told its request arrived (a contact message gets staff's answer only).
  // Nothing the visitor typed goes into it: the address is unverified (the template says why).
  acknowledgement: (input) => ({
    template: "companyLeadReceived",
    props: { url: storefrontLink("companies", input.locale) },
    to: input.email,
    locale: input.locale,
  }),
};

/**
 * Acknowledgements per recipient address: one a day. The per-client-address limit below does not
 * protect a recipient (rotating client addresses defeats it), and an acknowledgement goes to an
 * address nobody has verified; a second request from the same address the same day is still stored
 * and sent to staff, only not acknowledged again. Always on, like the submission limit.
 */
const ACKNOWLEDGEMENTS_PER_RECIPIENT = { points: 1, duration: 24 * 60 * 60 };
let acknowledgementLimit: ReturnType<typeof buildLimiter> | undefined;

/** Whether `email` may be acknowledged now (and counts it). */
async function mayAcknowledge(uid: string, email: string): Promise<boolean> {
  acknowledgementLimit ??= buildLimiter("form-acknowledgements", ACKNOWLEDGEMENTS_PER_RECIPIENT);
  try {
    await acknowledgementLimit.consume(`${uid} ${email.trim().toLowerCase()}`);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}

/**
 * At most FORM_SUBMISSIONS_PER_HOUR messages per client address and form: a brake on spam, not a
 * quota. It lives here, where every message enters (through the storefront's pages or straight
 * to /api/contact-messages), and counts by the address the caller names. Shared by every process
 * through Redis when REDIS_URL is set (src/rate-limits/rate-limits.ts), per process otherwise.
 */
function createSubmissionLimit(perHour: number) {
  const limiter = buildLimiter("forms", { points: perHour, duration: 60 * 60 });
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

// Made on first use, when the environment has been loaded.
let submissionLimit: ReturnType<typeof createSubmissionLimit> | undefined;

/**
 * Stores a message of a public form and tells staff by e-mail (to STAFF_EMAIL in STAFF_LOCALE,
 * Reply-To the sender), then the sender that it arrived when the form acknowledges. Throws
 * RateLimitedError when the sender has used up the hour. A failed e-mail is logged, not thrown: the
 * entry is stored and staff see it in the admin panel.
 */
async function submitForm<Input extends PublicFormInput, Template extends TemplateName>(
  strapi: Core.Strapi,
  form: FormDefinition<Input, Template>,
  input: Input,
  sender: Sender,
): Promise<FormReceipt> {
  // Looks like success to the bot; it stores and sends nothing, and takes nothing from the hour.
  if (input.website !== undefined && input.website.trim() !== "") return { stored: false };

  const env = getEnv();
  submissionLimit ??= createSubmissionLimit(env.formSubmissionsPerHour);
  const limit = submissionLimit;
  const limitKey = `${form.uid} ${sender.address}`;
  const waitSeconds = await limit.take(limitKey);
  if (waitSeconds !== null) {
    throw new RateLimitedError("Too many messages from this address; try again later", waitSeconds);
  }
  const fields = form.fields(input);
  let entry: { id: number; documentId: string };
  try {
    entry = await documents(strapi, form.uid).create({ data: fields });
  } catch (error) {
    await limit.giveBack(limitKey);
    throw error;
  }
  const adminUrl = `${env.publicUrl}/admin/content-manager/collection-types/${form.uid}/${entry.documentId}`;
  try {
    await sendEmail(strapi, {
      template: form.template,
      // Every staff notification links to the entry: `fields` gives the rest of its props.
      props: { ...fields, adminUrl } as TemplateProps[Template],
      to: env.staffEmail,
      locale: env.staffLocale,
      replyTo: input.email,
    });
  } catch (error) {
    strapi.log.error(
      `Could not e-mail staff about ${form.uid} ${entry.documentId}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const acknowledgement = form.acknowledgement?.(input);
  if (acknowledgement) {
    try {
      if (await mayAcknowledge(form.uid, input.email)) await sendEmail(strapi, acknowledgement);
    } catch (error) {
      strapi.log.error(
        `Could not acknowledge ${form.uid} ${entry.documentId} to its sender: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return { stored: true, id: entry.id, documentId: entry.documentId };
}

/** A visitor's message from the contact form. */
export function submitContactMessage(
  strapi: Core.Strapi,
  input: ContactMessagePayload,
  sender: Sender,
): Promise<FormReceipt> {
  return submitForm(strapi, contactMessageForm, input, sender);
}

/** A company's request from the companies form. */
export function submitCompanyLead(
  strapi: Core.Strapi,
  input: CompanyLeadPayload,
  sender: Sender,
): Promise<FormReceipt> {
  return submitForm(strapi, companyLeadForm, input, sender);
}
