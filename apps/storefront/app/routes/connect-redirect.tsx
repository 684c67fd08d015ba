import { data } from "react-router";
import type { Route } from "./+types/connect-redirect";
import { readForm } from "~/forms/read-form.server";
import { isSocialProvider } from "~/social";
import { connectWithProvider, finishAppleSignIn } from "~/social.server";

/**
 * The way to Google's, Microsoft's or Facebook's sign-in page (the sign-in page links here) and the
 * way back from every provider's (docs/decisions/025). It always answers with a redirect (to the
 * provider, the page the customer was going to, the account, or home with the error), so it has
 * nothing to show.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isSocialProvider(params.provider)) throw data("Unknown sign-in provider", { status: 404 });
  return connectWithProvider(request, params.provider, context);
}

/** Sign in with Apple answers with a form post from Apple's site (response_mode form_post). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (params.provider !== "apple") throw data("Only Apple answers with a form post", { status: 405 });
  return finishAppleSignIn(await readForm(request), context);
}

export default function ConnectRedirect() {
  return null;
}
