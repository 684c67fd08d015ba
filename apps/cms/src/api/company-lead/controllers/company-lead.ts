import type { Core } from "@strapi/strapi";
import { companyLeadPayload } from "@shop/contracts";
import { createFormHandler } from "../../../forms/submit";

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  submit: createFormHandler(strapi, {
    uid: "api::company-lead.company-lead",
    schema: companyLeadPayload,
    toEntry: (input) => ({
      name: input.name,
      email: input.email,
      company: input.company,
      phone: input.phone ?? null,
      employees: input.employees ?? null,
      message: input.message ?? null,
      language: input.locale,
    }),
    toMail: (input, adminUrl) => ({
      template: "staffCompanyLead",
      props: {
        company: input.company,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        employees: input.employees ?? null,
        message: input.message ?? null,
        language: input.locale,
        adminUrl,
      },
      replyTo: input.email,
    }),
  }),
});
