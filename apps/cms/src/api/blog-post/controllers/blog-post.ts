import { createPublicController } from "../../../catalogue/public-controller";

export default createPublicController("api::blog-post.blog-post", {
  sort: ["date:desc", "id:desc"],
  populate: { image: true },
});
