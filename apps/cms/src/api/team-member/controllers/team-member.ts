import { createPublicController } from "../../../catalogue/public-controller";
import { CONTENT_TYPES } from "../../../content-types";

export default createPublicController(CONTENT_TYPES.teamMember, {
  sort: ["position:asc", "id:asc"],
  populate: { photo: true },
});
