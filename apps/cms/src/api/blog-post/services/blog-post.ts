import { factories } from "@strapi/strapi";

export default factories.createCoreService("api::blog-post.blog-post");
