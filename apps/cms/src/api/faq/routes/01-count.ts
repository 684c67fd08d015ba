import { countRoute } from "../../../catalogue/public-controller";
import { CONTENT_TYPES } from "../../../content-types";

export default countRoute("faqs", CONTENT_TYPES.faq);
