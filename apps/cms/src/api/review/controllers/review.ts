import { createPublicController } from "../../../catalogue/public-controller";
import { CONTENT_TYPES } from "../../../content-types";

export default createPublicController(CONTENT_TYPES.review, {
  sort: ["reviewedAt:desc", "id:desc"],
  populate: { authorPhoto: true },
});
