import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("newsroom-entries", "api::newsroom-entry.newsroom-entry");
