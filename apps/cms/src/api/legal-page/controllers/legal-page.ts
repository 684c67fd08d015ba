import { createPublicController } from "../../../catalogue/public-controller";

export default createPublicController("api::legal-page.legal-page", { sort: ["key:asc"] });
