import { createPublicController } from "../../../catalogue/public-controller";

export default createPublicController("api::team-member.team-member", {
  sort: ["position:asc", "id:asc"],
  populate: { photo: true },
});
