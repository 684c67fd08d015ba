import type { Route } from "./+types/refer-a-friend";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { NumberedSteps } from "~/components/numbered-steps";
import { ScreenIntro } from "~/components/screen-intro";
import { ScreenLink } from "~/components/screen-link";
import { referralTextsFor } from "~/referrals/texts";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** This page's texts travel with its own data, not with every page's (decision 006). */
export function loader({ context }: Route.LoaderArgs) {
  return { text: referralTextsFor(context.locale) };
}

export default function ReferAFriend({ loaderData }: Route.ComponentProps) {
  const { text } = loaderData;
  const signedIn = Boolean(useRootData()?.user);
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <NumberedSteps
          headingLevel={2}
          steps={[
            { title: text.step1Title, body: text.step1Body },
            { title: text.step2Title, body: text.step2Body },
            { title: text.step3Title, body: text.step3Body },
          ]}
        />
        <ScreenLink screen={signedIn ? "referrals" : "login"} className={`${PRIMARY_BUTTON} mt-6`}>
          {signedIn ? text.signedInCta : text.signedOutCta}
        </ScreenLink>
      </div>
    </>
  );
}
