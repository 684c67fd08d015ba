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
      subject: `Empresas: ${input.company} (${input.name})`,
      replyTo: input.email,
      text: [
        `Nueva solicitud del formulario de empresas (${input.locale}).`,
        "",
        `Empresa: ${input.company}`,
        `Contacto: ${input.name}`,
        `E-mail: ${input.email}`,
        `Teléfono: ${input.phone ?? "-"}`,
        `Empleados: ${input.employees ?? "-"}`,
        "",
        input.message ?? "(sin mensaje)",
        "",
        `En el panel: ${adminUrl}`,
      ].join("\n"),
    }),
  }),
});
