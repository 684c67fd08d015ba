import { createPublicController } from "../../../catalogue/public-controller";
import { CONTENT_TYPES } from "../../../content-types";

export default createPublicController(CONTENT_TYPES.blogPost, {
  sort: ["date:desc", "id:desc"],
  populate: { image: true },
});
