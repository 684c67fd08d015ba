import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("categories", "api::category.category");
