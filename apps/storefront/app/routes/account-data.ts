import { pathTo } from "@shop/routing";
import type { Route } from "./+types/account-data";
import { exportedData, requireCustomer, signInAgain } from "~/accounts/account-area.server";
import { forgetSession } from "~/session.server";
import { accountTextsFor } from "~/accounts/texts";

/**
 * A copy of the signed-in customer's data (GDPR art. 15 and 20), as a JSON download: a link of the
 * profile page (it works without JavaScript). The CMS writes the file; this server passes it on,
 * so the CMS stays on the private network. Reading one's own data changes nothing: a GET is right.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  // Signed out, the customer comes back to the profile page, where the download is offered.
  const profile = pathTo("profile", locale);
  const { token } = requireCustomer({ request, context }, profile);
  const copy = await exportedData(token);
  if (copy === "signedOut") {
    forgetSession(token);
    throw signInAgain(request, locale, profile);
  }
  if (copy) return copy;
  return new Response(accountTextsFor(locale).data.failed, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" },
  });
}
