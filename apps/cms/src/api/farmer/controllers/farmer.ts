import { createPublicController } from "../../../catalogue/public-controller";

export default createPublicController("api::farmer.farmer", {
  sort: ["position:asc", "id:asc"],
  populate: { photo: true },
});
