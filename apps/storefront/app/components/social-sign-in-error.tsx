import { useSearchParams } from "react-router";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";
import { isSocialProvider, PROVIDER_NAMES } from "~/social";

/**
 * The refusals with words of their own, saying what the customer can do (docs/decisions/025): each is
 * the message `social` + the code, capitalised. Written as a pattern rather than a map to keep the home
 * page's script within its budget (decision 006).
 */
const SAID = /^(accountExists|emailNotVerified|cancelled)$/;

/**
 * A failed social sign-in lands on the home page with `error` and `provider` in the query
 * (specification, section 8). The shop says so in its own words, chosen by the refusal's code: the
 * server's message is kept in the address for support, not shown, so a crafted link cannot put its
 * text on the shop's page.
 */
export function SocialSignInError() {
  const [params] = useSearchParams();
  const { messages } = usePageLanguage();
  const provider = params.get("provider");
  const error = params.get("error");
  if (error === null || !isSocialProvider(provider)) return null;
  const said = SAID.test(error) ? `social${error[0]!.toUpperCase()}${error.slice(1)}` : "socialFailed";
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      <p
        role="alert"
        className="rounded-2xl bg-carrot-100 px-4 py-3 font-semibold text-carrot-700 ring-1 ring-carrot-400"
      >
        {format(messages.flash[said as "socialFailed"], { provider: PROVIDER_NAMES[provider] })}
      </p>
    </div>
  );
}
