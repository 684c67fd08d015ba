import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("faqs", "api::faq.faq");
