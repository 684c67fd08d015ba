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
/** The refusals that need their own words: what the customer can do about them (docs/decisions/025). */
const SAID: Partial<Record<string, "socialAccountExists" | "socialEmailNotVerified" | "socialCancelled">> = {
  accountExists: "socialAccountExists",
  emailNotVerified: "socialEmailNotVerified",
  cancelled: "socialCancelled",
};

export function SocialSignInError() {
  const [params] = useSearchParams();
  const { messages } = usePageLanguage();
  const provider = params.get("provider");
  if (!params.has("error") || !isSocialProvider(provider)) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      <p
        role="alert"
        className="rounded-2xl bg-carrot-100 px-4 py-3 font-semibold text-carrot-700 ring-1 ring-carrot-400"
      >
        {format(messages.flash[SAID[params.get("error") ?? ""] ?? "socialFailed"], {
          provider: PROVIDER_NAMES[provider],
        })}
      </p>
    </div>
  );
}
