import type { Core } from "@strapi/strapi";
import { companyLeadPayload } from "@shop/contracts";
import { createFormAction } from "../../../http/form-action";
import { submitCompanyLead } from "../../../forms/forms";

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  submit: createFormAction(strapi, companyLeadPayload, submitCompanyLead),
});
