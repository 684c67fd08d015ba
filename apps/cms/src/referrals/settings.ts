import type { Core } from "@strapi/strapi";
import { eurosToCents } from "@shop/domain";
import { REFERRAL_SETTINGS_DEFAULTS, type ReferralSettings } from "@shop/domain/referrals";
import { CONTENT_TYPES } from "../content-types";

/**
 * The refer-a-friend rules as staff keep them (the "Refer a friend" single type: percentages and
 * euros as staff type them), read as the domain's ReferralSettings (basis points and cents). Until
 * staff save the single type, the domain's defaults apply, which are also the admin panel's
 * defaults: the public page, the quote and the job all read them here.
 */

interface SettingsRow {
  active: boolean | null;
  friendPercent: number | string | null;
  rewardKind: "amount" | "percent" | null;
  rewardValue: number | string | null;
  refundWindowDays: number | null;
  monthlyCap: number | null;
}

/** Hundredths, as coupons' values are read (15 % -> 1500 basis points, 10 EUR -> 1000 cents). */
const hundredths = (value: number | string | null, fallback: number) =>
  value === null || value === "" ? fallback : eurosToCents(value);

export function referralSettingsOf(row: SettingsRow | null): ReferralSettings {
  const defaults = REFERRAL_SETTINGS_DEFAULTS;
  if (row === null) return defaults;
  return {
    active: row.active ?? defaults.active,
    friendPercent: Math.min(10_000, hundredths(row.friendPercent, defaults.friendPercent)),
    reward:
      row.rewardKind === null
        ? defaults.reward
        : {
            kind: row.rewardKind,
            value:
              row.rewardKind === "percent"
                ? Math.min(10_000, hundredths(row.rewardValue, defaults.reward.value))
                : hundredths(row.rewardValue, defaults.reward.value),
          },
    refundWindowDays: row.refundWindowDays ?? defaults.refundWindowDays,
    monthlyCap: row.monthlyCap ?? defaults.monthlyCap,
  };
}

export async function loadReferralSettings(strapi: Core.Strapi): Promise<ReferralSettings> {
  const row = (await strapi.db.query(CONTENT_TYPES.referralSetting).findOne({})) as SettingsRow | null;
  return referralSettingsOf(row);
}
