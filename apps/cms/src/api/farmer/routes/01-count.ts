import { countRoute } from "../../../catalogue/public-controller";
import { CONTENT_TYPES } from "../../../content-types";

export default countRoute("farmers", CONTENT_TYPES.farmer);
