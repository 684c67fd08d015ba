// The shared rules of refer-a-friend (issue 23): who counts as a friend, and when a referral earns its
// reward. Read by the CMS (CommonJS build) and the storefront.
export {
  REFERRAL_REJECTIONS,
  doorIdentity,
  mailboxIdentity,
  selfReferralReason,
  type ReferralParty,
  type ReferralRejection,
} from "./abuse";
export {
  REFERRAL_STATUSES,
  nextReferralStep,
  type FriendOrderFacts,
  type QualifyRules,
  type ReferralStatus,
  type ReferralStep,
} from "./status";
export {
  FRIEND_CODE_REFUSALS,
  REFERRAL_REWARD_KINDS,
  REFERRAL_SETTINGS_DEFAULTS,
  friendCodeRefusal,
  friendDiscount,
  maskedFriendName,
  referralMonthOf,
  rewardDiscount,
  type FriendCodeRefusal,
  type ReferralReward,
  type ReferralRewardKind,
  type ReferralSettings,
} from "./rules";
