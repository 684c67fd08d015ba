import type { Route } from "./+types/newsletter-unsubscribe";
import { isOneClickUnsubscribe, linkTokenOf, spendLinkToken } from "~/accounts/account-area.server";
import { readAccountForm } from "~/accounts/account.server";
import { NewsletterLinkPage } from "~/components/newsletter-link-page";
import { ScreenLink } from "~/components/screen-link";
import { accountTextsFor } from "~/accounts/texts";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export function loader({ context: { locale } }: Route.LoaderArgs) {
  return { texts: accountTextsFor(locale).unsubscribe };
}

/**
 * The unsubscribe link's `?token=`, spent by the page's button, or by a mail provider's one-click
 * unsubscribe (RFC 8058): a POST of `List-Unsubscribe=One-Click` to the link itself, from no page
 * (no Origin, which server/security.ts lets through as no browser's). Either way the answer is
 * this page with the outcome and its status (200 once unsubscribed), never a redirect.
 */
export async function action({ request, context: { clientIp } }: Route.ActionArgs) {
  const { fields } = await readAccountForm(request, []);
  // One-click carries the token in the link only; the button posts it too.
  const token = isOneClickUnsubscribe(fields)
    ? new URL(request.url).searchParams.get("token")
    : linkTokenOf(request, fields);
  return spendLinkToken(token, "unsubscribe", clientIp);
}

export default function NewsletterUnsubscribe({ loaderData: { texts }, actionData }: Route.ComponentProps) {
  const signedIn = Boolean(useRootData()?.user);
  const after = (
    <p>
      {signedIn ? (
        <ScreenLink screen="newsletter" className="font-semibold text-leaf-700 underline">
          {texts.manage}
        </ScreenLink>
      ) : (
        <>
          {texts.stillReceiving}{" "}
          <ScreenLink screen="contact" className="font-semibold text-leaf-700 underline">
            {texts.contact}
          </ScreenLink>
          .
        </>
      )}
    </p>
  );
  return (
    <NewsletterLinkPage
      texts={texts}
      outcome={actionData}
      again={texts.changedMind}
      offerSignup="whenDone"
      done={() => texts.done}
      after={after}
    />
  );
}
