import type { Core } from "@strapi/strapi";
import { contactMessagePayload, type ContactMessagePayload } from "@shop/contracts";
import { createFormHandler } from "../../../forms/submit";

/** The message as staff keep it and read it: the stored entry and the notification show the same. */
const messageFields = (input: ContactMessagePayload) => ({
  name: input.name,
  email: input.email,
  phone: input.phone ?? null,
  message: input.message,
  language: input.locale,
});

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  submit: createFormHandler(strapi, {
    uid: "api::contact-message.contact-message",
    schema: contactMessagePayload,
    toEntry: messageFields,
    toMail: (input, adminUrl) => ({
      template: "staffContactMessage",
      props: { ...messageFields(input), adminUrl },
      replyTo: input.email,
    }),
  }),
});
