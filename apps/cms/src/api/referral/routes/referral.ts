import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * Refer-a-friend (issue 23): the rules the public page states (anyone), and the caller's own
 * referrals (the controller checks the signed-in session).
 */
const route = selfCheckedRoutes("referral");

export default {
  routes: [
    route("GET", "/referrals/rules", "rules"),
    route("GET", "/referrals/codes/:code", "code"),
    route("GET", "/referrals/mine", "mine"),
  ],
};
