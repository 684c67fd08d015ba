import { useEffect, useId, useState } from "react";
import { referralAnswerSchema } from "@shop/contracts";
import { pathTo } from "@shop/routing";
import type { Route } from "./+types/referrals";
import { loadForPage } from "~/accounts/account-area.server";
import { AccountHeading, Panel, ProblemNotice } from "~/accounts/account-area";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { ScreenLink } from "~/components/screen-link";
import { accountTextsFor } from "~/accounts/texts";
import { format } from "~/i18n/format";
import { usePageLanguage, useRootData } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** The query parameter of the public refer-a-friend page that carries a customer's code. */
const REFERRAL_PARAM = "ref";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  const referral = await loadForPage({ request, context }, "/users/me/referral", referralAnswerSchema);
  return { code: referral?.code ?? null, texts: accountTextsFor(locale).referrals, area: accountTextsFor(locale).area };
}

type Copied = "copied" | "failed" | null;

/**
 * The customer's code and a link to the public refer-a-friend page carrying it. The link is in a
 * read-only field, selectable by hand before JavaScript; with it, a button copies it, and where the
 * device can share (the Web Share API, mostly phones) another opens the share sheet.
 */
export default function Referrals({ loaderData }: Route.ComponentProps) {
  const { code, texts, area } = loaderData;
  const { locale } = usePageLanguage();
  const origin = useRootData()?.seo.origin ?? "";
  const id = useId();
  const [copied, setCopied] = useState<Copied>(null);
  const [canShare, setCanShare] = useState(false);
  // Known only in the browser, after hydration: the server renders the page without these buttons.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    setCanShare(typeof navigator.share === "function");
  }, []);

  if (code === null) {
    return (
      <div className="grid gap-6">
        <AccountHeading intro={texts.intro} />
        <ProblemNotice>{area.loadFailed}</ProblemNotice>
      </div>
    );
  }

  const link = `${origin.replace(/\/+$/, "")}${pathTo("referAFriend", locale)}?${new URLSearchParams({ [REFERRAL_PARAM]: code })}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("copied");
    } catch {
      setCopied("failed");
      document.getElementById(`${id}-link`)?.focus();
    }
  }

  async function share() {
    try {
      await navigator.share({ title: texts.link, text: format(texts.shareText, { code: code ?? "" }), url: link });
    } catch {
      // The customer closed the share sheet: nothing to say.
    }
  }

  return (
    <div className="grid gap-6">
      <AccountHeading intro={texts.intro} />
      <Panel heading={texts.code}>
        <p className="font-mono text-3xl font-bold tracking-[0.2em] text-leaf-800" data-referral-code="">
          {code}
        </p>
        <div className="mt-6">
          <label htmlFor={`${id}-link`} className="font-semibold">
            {texts.link}
          </label>
          <input
            id={`${id}-link`}
            type="text"
            readOnly
            value={link}
            aria-describedby={`${id}-hint`}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block min-h-12 w-full rounded-xl border border-sand-300 bg-sand-50 px-3 py-2 font-mono text-sm"
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-sand-700">
            {texts.linkHint}
          </p>
        </div>
        {hydrated ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" onClick={() => void copy()} className={PRIMARY_BUTTON}>
              {texts.copy}
            </button>
            {canShare ? (
              <button type="button" onClick={() => void share()} className={SECONDARY_BUTTON}>
                {texts.share}
              </button>
            ) : null}
          </div>
        ) : null}
        <p role="status" className="mt-2 min-h-6 font-semibold text-leaf-800">
          {copied === "copied" ? texts.copied : copied === "failed" ? texts.copyFailed : ""}
        </p>
        <p className="mt-4 text-sand-700">{texts.rewardsLater}</p>
        <ScreenLink
          screen="referAFriend"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-leaf-700 underline"
        >
          {texts.howItWorks}
        </ScreenLink>
      </Panel>
    </div>
  );
}
