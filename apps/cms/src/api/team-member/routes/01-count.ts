import { countRoute } from "../../../catalogue/public-controller";

export default countRoute("team-members", "api::team-member.team-member");
