import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("legal-pages", "api::legal-page.legal-page");
