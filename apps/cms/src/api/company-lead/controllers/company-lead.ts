import type { Core } from "@strapi/strapi";
import { companyLeadPayload, type CompanyLeadPayload } from "@shop/contracts";
import { createFormHandler } from "../../../forms/submit";

/** The lead as staff keep it and read it: the stored entry and the notification show the same. */
const leadFields = (input: CompanyLeadPayload) => ({
  name: input.name,
  email: input.email,
  company: input.company,
  phone: input.phone ?? null,
  employees: input.employees ?? null,
  message: input.message ?? null,
  language: input.locale,
});

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  submit: createFormHandler(strapi, {
    uid: "api::company-lead.company-lead",
    schema: companyLeadPayload,
    toEntry: leadFields,
    toMail: (input, adminUrl) => ({
      template: "staffCompanyLead",
      props: { ...leadFields(input), adminUrl },
      replyTo: input.email,
    }),
  }),
});
