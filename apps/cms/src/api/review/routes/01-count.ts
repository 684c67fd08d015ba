import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("reviews", "api::review.review");
