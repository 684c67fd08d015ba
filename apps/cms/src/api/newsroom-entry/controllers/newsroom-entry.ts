import { createPublicController } from "../../../catalogue/public-controller";

export default createPublicController("api::newsroom-entry.newsroom-entry", { sort: ["date:desc", "id:desc"] });
