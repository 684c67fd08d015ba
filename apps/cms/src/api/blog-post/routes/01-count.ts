import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("blog-posts", "api::blog-post.blog-post");
