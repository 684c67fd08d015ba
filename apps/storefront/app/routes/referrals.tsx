import { useEffect, useId, useState } from "react";
import { myReferralsSchema, type MyReferrals } from "@shop/contracts";
import { formatCents, type LocaleTag } from "@shop/domain";
import { pathTo } from "@shop/routing";
import type { Route } from "./+types/referrals";
import { loadForPage } from "~/accounts/account-area.server";
import { AccountHeading, Panel, ProblemNotice } from "~/accounts/account-area";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { ScreenLink } from "~/components/screen-link";
import { accountTextsFor } from "~/accounts/texts";
import { format } from "~/i18n/format";
import { ruleNumbers } from "~/referrals/numbers";
import { REFERRAL_PARAM } from "~/referrals/link";
import { referralTextsFor } from "~/referrals/texts";
import { usePageLanguage, useRootData } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  const mine = await loadForPage({ request, context }, "/referrals/mine", myReferralsSchema);
  const words = referralTextsFor(locale);
  return {
    mine,
    texts: accountTextsFor(locale).referrals,
    area: accountTextsFor(locale).area,
    words: words.account,
    page: words.page,
  };
}

type Copied = "copied" | "failed" | null;

const dateOf = (iso: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date(iso));

/**
 * The customer's referrals: their code and link (copy, WhatsApp and e-mail: plain links, no
 * third-party script; the device's share sheet where it has one), the rules in force, each friend
 * who ordered with the code (masked) and how their referral stands, the rewards earned and used,
 * and the total saved. All read from the CMS for this customer only.
 */
export default function Referrals({ loaderData }: Route.ComponentProps) {
  const { mine, texts, area, words, page } = loaderData;
  const { locale, tag } = usePageLanguage();
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

  if (mine === null) {
    return (
      <div className="grid gap-6">
        <AccountHeading intro={texts.intro} />
        <ProblemNotice>{area.loadFailed}</ProblemNotice>
      </div>
    );
  }

  const { code, rules } = mine;
  const numbers = ruleNumbers(rules, page, tag);
  const link = `${origin.replace(/\/+$/, "")}${pathTo("referAFriend", locale)}?${new URLSearchParams({ [REFERRAL_PARAM]: code })}`;
  const message = format(words.shareText, { code, percent: numbers.percent, link });
  const whatsapp = `https://wa.me/?${new URLSearchParams({ text: message })}`;
  const mail = `mailto:?subject=${encodeURIComponent(words.emailSubject)}&body=${encodeURIComponent(message)}`;

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
      await navigator.share({ title: texts.link, text: message, url: link });
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
        <p className="mt-2 text-sand-700">{rules.active ? format(words.rules, numbers) : words.inactive}</p>
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
        <div className="mt-4 flex flex-wrap gap-3">
          {hydrated ? (
            <button type="button" onClick={() => void copy()} className={PRIMARY_BUTTON}>
              {texts.copy}
            </button>
          ) : null}
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={SECONDARY_BUTTON}>
            {words.whatsapp}
          </a>
          <a href={mail} className={SECONDARY_BUTTON}>
            {words.email}
          </a>
          {hydrated && canShare ? (
            <button type="button" onClick={() => void share()} className={SECONDARY_BUTTON}>
              {texts.share}
            </button>
          ) : null}
        </div>
        <p role="status" className="mt-2 min-h-6 font-semibold text-leaf-800">
          {copied === "copied" ? texts.copied : copied === "failed" ? texts.copyFailed : ""}
        </p>
        <ScreenLink
          screen="referAFriend"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-leaf-700 underline"
        >
          {texts.howItWorks}
        </ScreenLink>
      </Panel>
      <Friends mine={mine} words={words} tag={tag} />
      <Rewards mine={mine} words={words} page={page} tag={tag} />
    </div>
  );
}

type Words = ReturnType<typeof referralTextsFor>["account"];

function Friends({ mine, words, tag }: { mine: MyReferrals; words: Words; tag: LocaleTag }) {
  return (
    <Panel heading={words.friendsTitle}>
      {mine.friends.length === 0 ? (
        <p className="text-sand-700">{words.noFriends}</p>
      ) : (
        <ul className="divide-y divide-sand-200" data-referral-friends="">
          {mine.friends.map((friend, index) => (
            <li key={index} className="py-3" data-referral-status={friend.status}>
              <p className="font-semibold">{friend.name}</p>
              <p className="text-sm text-sand-700">{format(words.since, { date: dateOf(friend.since, tag) })}</p>
              <p className="text-sm font-semibold">
                {words.statuses[friend.status]}
                {friend.reason ? `: ${words.reasons[friend.reason]}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Rewards({
  mine,
  words,
  page,
  tag,
}: {
  mine: MyReferrals;
  words: Words;
  page: ReturnType<typeof referralTextsFor>["page"];
  tag: LocaleTag;
}) {
  return (
    <Panel heading={words.rewardsTitle}>
      {mine.rewards.length === 0 ? (
        <p className="text-sand-700">{words.noRewards}</p>
      ) : (
        <ul className="divide-y divide-sand-200">
          {mine.rewards.map((reward, index) => {
            const what = ruleNumbers({ ...mine.rules, reward: { kind: reward.kind, value: reward.value } }, page, tag);
            return (
              <li key={index} className="py-3">
                <p className="font-semibold">
                  {format(words.earned, { reward: what.reward, date: dateOf(reward.earnedAt, tag) })}
                </p>
                <p className="text-sm text-sand-700">
                  {reward.usedAt === null
                    ? words.waiting
                    : format(words.used, {
                        date: dateOf(reward.usedAt, tag),
                        amount: formatCents(reward.saved ?? 0, tag),
                      })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-4 flex justify-between gap-4 border-t border-sand-200 pt-3 text-lg font-bold">
        <span>{words.totalSaved}</span>
        <span data-referral-saved="">{formatCents(mine.totalSaved, tag)}</span>
      </p>
    </Panel>
  );
}
