/**
 * Who may not be rewarded for a referral (issue 23): a customer who brings themselves. The same person
 * shows up as the same account, the same mailbox however its address is written, the same delivery
 * address or the same card; and a cap per month stops a customer farming rewards with friends'
 * details.
 */

/**
 * One mailbox, however it is written: case is ignored everywhere; the local part loses its dots and
 * everything from a "+" (Gmail and others deliver "ana.p+shop@" to "anap@"). Applied to every domain,
 * not only Gmail's: a few distinct mailboxes that differ only by a dot are treated as one, which costs
 * an honest friend a reward in a rare case, while the other way lets anyone refer themselves.
 */
export function mailboxIdentity(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return trimmed;
  const local = trimmed.slice(0, at).split("+")[0]!.replaceAll(".", "");
  const domain = trimmed.slice(at + 1).replace(/^googlemail\.com$/, "gmail.com");
  return `${local}@${domain}`;
}

/**
 * One door, however the street is written: letters without accents or case, and only letters and
 * digits, with the postcode. "C/ Mallorca, 200 3º-2ª" and "c mallorca 200 3 2" are one address.
 */
export function doorIdentity(address: { line1: string; line2?: string | null; postcode: string }): string {
  const words = `${address.line1} ${address.line2 ?? ""}`
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ºª°]/g, "")
    .replace(/[^a-z0-9]+/g, "");
  return `${address.postcode.trim()}:${words}`;
}

export interface ReferralParty {
  userId: number;
  email: string;
  /** Delivery addresses, as doorIdentity leaves them. */
  doors: readonly string[];
  /** The gateways' fingerprints of the cards used or saved (never card numbers). */
  cardFingerprints: readonly string[];
}

export const REFERRAL_REJECTIONS = [
  "same_account",
  "same_email",
  "same_address",
  "same_card",
  "monthly_cap",
  "not_first_order",
  "refunded",
  /** The friend's first order was cancelled (or expired) without being paid: there is nothing to reward. */
  "not_paid",
  /**
   * The referrer's account was deleted before the reward was earned: nobody to reward (a deleted
   * account is never given one; docs/decisions/040). Only staff see it: the referrer is gone.
   */
  "referrer_deleted",
] as const;
export type ReferralRejection = (typeof REFERRAL_REJECTIONS)[number];

/** Why the friend cannot count as someone the referrer brought, or null when they can. */
export function selfReferralReason(referrer: ReferralParty, friend: ReferralParty): ReferralRejection | null {
  if (referrer.userId === friend.userId) return "same_account";
  if (mailboxIdentity(referrer.email) === mailboxIdentity(friend.email)) return "same_email";
  if (friend.doors.some((door) => referrer.doors.includes(door))) return "same_address";
  if (friend.cardFingerprints.some((card) => referrer.cardFingerprints.includes(card))) return "same_card";
  return null;
}
