import type { Core } from "@strapi/strapi";
import { contactMessagePayload } from "@shop/contracts";
import { createFormHandler } from "../../../forms/submit";

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  submit: createFormHandler(strapi, {
    uid: "api::contact-message.contact-message",
    schema: contactMessagePayload,
    toEntry: (input) => ({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      message: input.message,
      language: input.locale,
    }),
    toMail: (input, adminUrl) => ({
      template: "staffContactMessage",
      props: {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message,
        language: input.locale,
        adminUrl,
      },
      replyTo: input.email,
    }),
  }),
});
