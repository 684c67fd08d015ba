import { accountOverviewSchema, type AccountOverview, type OverviewList } from "@shop/contracts";
import { cmsCall } from "~/cms.server";
import { notFound } from "~/components/error-screen";
import { forgetSession } from "~/session.server";
import { requireCustomer, signInAgain, type Visit } from "./account-area.server";

/** What one account page shows of the customer's own data (GET /users/me/overview). */
export interface OverviewParts {
  readonly include?: readonly OverviewList[];
  /** The newest orders, this many. */
  readonly orders?: number;
  /** One subscription (already checked as an id) with its coming deliveries. */
  readonly subscription?: string;
}

/**
 * The customer's own data a page shows, in one CMS call however many lists it is (docs/decisions/024:
 * with warm caches a signed-in page view makes at most one). Null when the CMS cannot answer (the page
 * says so); a token the CMS no longer believes sends the customer to sign in again; a subscription
 * that is not theirs is the 404 page.
 */
export async function loadOverview(visit: Visit, parts: OverviewParts): Promise<AccountOverview | null> {
  const { token } = requireCustomer(visit);
  const query = new URLSearchParams();
  if (parts.include?.length) query.set("include", parts.include.join(","));
  if (parts.orders !== undefined) query.set("orders", String(parts.orders));
  if (parts.subscription !== undefined) query.set("subscription", parts.subscription);
  const answer = await cmsCall(`/users/me/overview?${query}`, { contract: accountOverviewSchema, token });
  if (answer.ok) return answer.value;
  if (answer.status === "signedOut") {
    // The CMS retired the token since the session was cached: forget it here and everywhere.
    forgetSession(token);
    throw signInAgain(visit.request, visit.context.locale);
  }
  if (answer.status === "notFound" && parts.subscription !== undefined) notFound(visit.request);
  return null;
}
