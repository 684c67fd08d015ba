import { createPublicController } from "../../../catalogue/public-controller";
import { VISIBLE_PRODUCT_FILTER } from "../../../catalogue/product";

// Contents of a hidden product's box never show, whatever the caller filters or populates.
export default createPublicController("api::box-content.box-content", {
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
