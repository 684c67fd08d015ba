import { useSearchParams } from "react-router";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";
import { isSocialProvider, PROVIDER_NAMES } from "~/social";

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
  // The refusals with words of their own, saying what the customer can do, are the messages named
  // `social` + the capitalised code (socialAccountExists, socialEmailNotVerified, socialCancelled;
  // docs/decisions/025), the others the general one. Looked up by name: the least script, for the home
  // page's budget (decision 006); no inherited property's name starts with "social".
  const flash = messages.flash as Record<string, string | undefined>;
  const text = flash[`social${error.charAt(0).toUpperCase()}${error.slice(1)}`] ?? messages.flash.socialFailed;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      <p
        role="alert"
        className="rounded-2xl bg-carrot-100 px-4 py-3 font-semibold text-carrot-700 ring-1 ring-carrot-400"
      >
        {format(text, { provider: PROVIDER_NAMES[provider] })}
      </p>
    </div>
  );
}
