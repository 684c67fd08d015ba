import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("products", "api::product.product");
