import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("box-contents", "api::box-content.box-content");
