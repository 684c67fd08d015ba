import { createPublicController } from "../../../catalogue/public-controller";
import { VISIBLE_PRODUCT_FILTER } from "../../../catalogue/product";
import { CONTENT_TYPES } from "../../../content-types";

// Contents of a hidden product's box never show, whatever the caller filters or populates.
export default createPublicController(CONTENT_TYPES.boxContent, {
  sort: ["weekStart:desc", "id:asc"],
  populate: {
    box: {
      fields: [
        "name_es",
        "name_ca",
        "name_pt",
        "slug_es",
        "slug_ca",
        "slug_pt",
        "type",
        "boxType",
        "itemType",
        "seasonal",
      ],
    },
    items: true,
  },
  filters: { box: VISIBLE_PRODUCT_FILTER },
});
