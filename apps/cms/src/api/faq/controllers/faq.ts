import { createPublicController } from "../../../catalogue/public-controller";

export default createPublicController("api::faq.faq", { sort: ["position:asc", "id:asc"] });
