import type { Core } from "@strapi/strapi";
import { contactMessagePayload } from "@shop/contracts";
import { createFormAction } from "../../../http/form-action";
import { submitContactMessage } from "../../../forms/forms";

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  submit: createFormAction(strapi, contactMessagePayload, submitContactMessage),
});
