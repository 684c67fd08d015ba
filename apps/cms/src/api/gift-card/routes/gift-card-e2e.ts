import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * The end-to-end tests' paid gift card (issue 23): its code, which otherwise exists only in the
 * recipient's e-mail. Answered 404, as any unknown path, unless E2E_JOB_HOOKS=true (refused in
 * production by src/env.ts), like the other e2e hooks (src/api/e2e-hook).
 */
const route = selfCheckedRoutes("gift-card-e2e");

export default {
  routes: [route("POST", "/e2e/gift-cards", "issue")],
};
