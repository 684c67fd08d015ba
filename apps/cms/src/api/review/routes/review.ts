import { factories } from "@strapi/strapi";

// Reads are granted to visitors at bootstrap; writes to nobody but staff.
export default factories.createCoreRouter("api::review.review");
