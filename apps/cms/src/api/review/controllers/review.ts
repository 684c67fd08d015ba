import { createPublicController } from "../../../catalogue/public-controller";

export default createPublicController("api::review.review", {
  sort: ["reviewedAt:desc", "id:desc"],
  populate: { authorPhoto: true },
});
