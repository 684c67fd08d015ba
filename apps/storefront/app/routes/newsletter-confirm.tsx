import type { Route } from "./+types/newsletter-confirm";
import { linkTokenOf, spendLinkToken } from "~/accounts/account-area.server";
import { readAccountForm } from "~/accounts/account.server";
import { NewsletterLinkPage } from "~/components/newsletter-link-page";
import { accountTextsFor } from "~/accounts/texts";
import { format } from "~/i18n/format";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export function loader({ context: { locale } }: Route.LoaderArgs) {
  return { texts: accountTextsFor(locale).confirm };
}

/** The confirmation link's `?token=`, spent by the page's button: the subscription starts here (double opt-in). */
export async function action({ request, context: { clientIp } }: Route.ActionArgs) {
  const { fields } = await readAccountForm(request, []);
  return spendLinkToken(linkTokenOf(request, fields), "confirm", clientIp);
}

export default function NewsletterConfirm({ loaderData: { texts }, actionData }: Route.ComponentProps) {
  return (
    <NewsletterLinkPage
      texts={texts}
      outcome={actionData}
      again={texts.again}
      offerSignup="whenInvalid"
      done={(outcome) => format(texts.done, { email: outcome.outcome === "subscribed" ? outcome.email : "" })}
    />
  );
}
