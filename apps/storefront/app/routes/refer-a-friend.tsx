import { data } from "react-router";
import { pathTo } from "@shop/routing";
import type { Route } from "./+types/refer-a-friend";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { NumberedSteps } from "~/components/numbered-steps";
import { ScreenIntro } from "~/components/screen-intro";
import { ScreenLink } from "~/components/screen-link";
import { format } from "~/i18n/format";
import { ruleNumbers } from "~/referrals/numbers";
import { checkReferralCode, referralCodeInUrl, referralCookie, referralRules } from "~/referrals/referrals.server";
import { referralTextsFor } from "~/referrals/texts";
import { usePageLanguage, useRootData } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/**
 * The public refer-a-friend page: how it works and its conditions, with the numbers staff set (read
 * from the CMS, never written in the texts). A friend who arrives by a share link (`?ref=CODE`) of a
 * real customer is told their discount and offered the order flow; the code is kept in a cookie until
 * their draft has it (app/referrals/referrals.server.ts). A page with a code is this visitor's: the
 * cookie keeps it out of the shared page cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const arrived = referralCodeInUrl(request.url);
  const [rules, check] = await Promise.all([
    referralRules(),
    arrived ? checkReferralCode(arrived) : Promise.resolve(null),
  ]);
  const invited = arrived !== null && check?.ok === true && check.value.valid ? arrived : null;
  const headers = new Headers();
  if (invited) headers.append("Set-Cookie", referralCookie(invited));
  return data(
    { text: referralTextsFor(context.locale).page, rules: rules.ok ? rules.value : null, invited },
    { headers },
  );
}

export default function ReferAFriend({ loaderData }: Route.ComponentProps) {
  const { text, rules, invited } = loaderData;
  const signedIn = Boolean(useRootData()?.user);
  const { tag, locale } = usePageLanguage();
  // Without the rules (the CMS did not answer) the page promises no numbers at all.
  if (rules === null || !rules.active) {
    return (
      <>
        <ScreenIntro />
        <div className="mx-auto max-w-6xl px-4 pb-8">
          <p className="text-lg">{text.inactive}</p>
        </div>
      </>
    );
  }
  const numbers = ruleNumbers(rules, text, tag);
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-8">
        {invited ? (
          <section
            aria-labelledby="invited-heading"
            className="rounded-2xl bg-leaf-50 p-4 ring-1 ring-leaf-200"
            data-referral-invited={invited}
          >
            <h2 id="invited-heading" className="text-2xl font-bold">
              {text.invitedTitle}
            </h2>
            <p className="mt-2">{format(text.invitedBody, { code: invited, percent: numbers.percent })}</p>
            <a href={pathTo("newOrder", locale)} className={`${PRIMARY_BUTTON} mt-4`}>
              {text.startCta}
            </a>
          </section>
        ) : null}
        <NumberedSteps
          headingLevel={2}
          steps={[
            { title: text.step1Title, body: text.step1Body },
            { title: text.step2Title, body: format(text.step2Body, numbers) },
            { title: text.step3Title, body: format(text.step3Body, numbers) },
          ]}
        />
        <section aria-labelledby="rules-heading" className="grid gap-2">
          <h2 id="rules-heading" className="text-2xl font-bold">
            {text.rulesTitle}
          </h2>
          <ul className="list-disc space-y-1 pl-6" data-referral-rules="">
            <li>{text.ruleFirstOrder}</li>
            <li>{format(text.ruleRefund, numbers)}</li>
            <li>{text.ruleSelf}</li>
            <li>{format(text.ruleCap, numbers)}</li>
          </ul>
        </section>
        {invited ? null : (
          <ScreenLink screen={signedIn ? "referrals" : "login"} className={`${PRIMARY_BUTTON} justify-self-start`}>
            {signedIn ? text.signedInCta : text.signedOutCta}
          </ScreenLink>
        )}
      </div>
    </>
  );
}
