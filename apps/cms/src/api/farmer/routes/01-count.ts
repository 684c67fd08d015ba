import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("farmers", "api::farmer.farmer");
