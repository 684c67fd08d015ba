import { createPublicController } from "../../../catalogue/public-controller";

export default createPublicController("api::category.category", { sort: ["position:asc", "id:asc"] });
