import type { ReferralRules } from "@shop/contracts";
import { formatCents, formatPercent, type LocaleTag } from "@shop/domain";
import { format } from "~/i18n/format";
import type { ReferralTexts } from "./texts";

/** A percentage in basis points as the page's language writes it ("15 %", "15%"). */
export function percentOf(basisPoints: number, tag: LocaleTag): string {
  return formatPercent(basisPoints / 10_000, tag, { maximumFractionDigits: 2 });
}

/** The rules' numbers as the texts' {percent}, {reward}, {days} and {cap} take them. */
export function ruleNumbers(rules: ReferralRules, words: ReferralTexts["page"], tag: LocaleTag) {
  return {
    percent: percentOf(rules.friendPercent, tag),
    reward:
      rules.reward.kind === "amount"
        ? format(words.rewardAmount, { amount: formatCents(rules.reward.value, tag) })
        : format(words.rewardPercent, { percent: percentOf(rules.reward.value, tag) }),
    days: String(rules.refundWindowDays),
    cap: String(rules.monthlyCap),
  };
}
