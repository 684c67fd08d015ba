import { countRoute } from "../../../catalogue/public-controller";
import { CONTENT_TYPES } from "../../../content-types";

export default countRoute("team-members", CONTENT_TYPES.teamMember);
