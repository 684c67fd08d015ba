import { pathTo } from "@shop/routing";
import { data, redirect } from "react-router";
import type { Route } from "./+types/callback";
import { isSocialProvider } from "~/social";
import { connectWithProvider } from "~/social.server";

/** `/callback?provider=…&access_token=…`: the same way back as /connect/{provider}/redirect. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  const provider = new URL(request.url).searchParams.get("provider");
  // Nothing to finish: whoever lands here without a provider is sent to sign in.
  if (provider === null) return redirect(pathTo("login", locale));
  if (!isSocialProvider(provider)) throw data("Unknown sign-in provider", { status: 404 });
  return connectWithProvider(request, provider, context);
}

export default function SocialSignInCallback() {
  return null;
}
