import { countRoute } from "../../../catalogue/public-controller";
import { CONTENT_TYPES } from "../../../content-types";

export default countRoute("products", CONTENT_TYPES.product);
