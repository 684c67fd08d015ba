import type { Core } from "@strapi/strapi";
import type { AuthAnswer } from "@shop/contracts";
import { sendConfirmation, toAccount, type Caller } from "../accounts";
import { AccountError } from "../errors";
import { joinNewsletterToAccount } from "../../newsletter/newsletter";
import { ensureReferralCode } from "../../referrals/referrals";
import { findUser, openSession, type AccountUser } from "../sessions";
import { CONTENT_TYPES } from "../../content-types";

/**
 * Who another company says the customer is, and the shop account that identity opens
 * (docs/decisions/011 for Apple, 025 for Google, Microsoft and Facebook).
 *
 * An identity never takes over an existing account through an e-mail address that is not verified on
 * both sides: the provider must say the address is verified, and the shop's account must have
 * confirmed it; otherwise whoever registered the address first, without owning it, would share the
 * account with its owner. The customer is told what to do instead (sign in with the account's
 * password or an e-mailed code, which confirms the address; then the provider joins).
 */

export type IdentityProvider = "apple" | "google" | "microsoft" | "facebook";

export interface SocialIdentity {
  readonly provider: IdentityProvider;
  /** The provider's stable id of the person (per provider: see SUBJECT_COLUMNS). */
  readonly subject: string;
  /** Lower-cased and trimmed. */
  readonly email?: string;
  /** Whether the provider vouches that the person owns `email`. */
  readonly emailVerified: boolean;
}

/** The user column that links an account to each provider's identity (extensions/users-permissions). */
export const SUBJECT_COLUMNS = {
  apple: "appleSubject",
  google: "googleSubject",
  microsoft: "microsoftSubject",
  facebook: "facebookSubject",
} as const satisfies Record<IdentityProvider, string>;

export const PROVIDER_LABELS: Record<IdentityProvider, string> = {
  apple: "Apple",
  google: "Google",
  microsoft: "Microsoft",
  facebook: "Facebook",
};

export interface IdentityRules {
  /**
   * What an identity whose address the provider does not vouch for may do when no account has it:
   * "refuse" (Apple: it always vouches, so a token without it is suspicious), or "openUnconfirmed"
   * (an account whose address the shop confirms itself, by the e-mailed link, as at registration).
   */
  readonly unverifiedEmail: "refuse" | "openUnconfirmed";
}

async function defaultRoleId(strapi: Core.Strapi): Promise<number> {
  const role = (await strapi.db
    .query(CONTENT_TYPES.userRole)
    .findOne({ where: { type: "authenticated" }, select: ["id"] })) as { id: number } | null;
  if (!role) throw new Error("The users-permissions plugin has no authenticated role");
  return role.id;
}

/** The account the identity opens: its own, an existing one it may join, or a new one. */
export async function accountForIdentity(
  strapi: Core.Strapi,
  identity: SocialIdentity,
  rules: IdentityRules,
): Promise<AccountUser> {
  const column = SUBJECT_COLUMNS[identity.provider];
  const label = PROVIDER_LABELS[identity.provider];
  const known = await findUser(strapi, { [column]: identity.subject });
  if (known) return known;
  if (!identity.email || (!identity.emailVerified && rules.unverifiedEmail === "refuse")) {
    throw new AccountError("emailNotVerified", `${label} did not share a verified e-mail address`);
  }
  const existing = await findUser(strapi, { email: identity.email });
  if (existing) {
    if (existing.confirmed !== true || !identity.emailVerified) {
      throw new AccountError(
        "accountExists",
        "An account with this e-mail address exists: sign in with its password or an e-mailed code first",
      );
    }
    // Both sides verified the address: the identity joins the account, and only if it has none of this provider yet.
    const { count } = (await strapi.db
      .query(CONTENT_TYPES.user)
      .updateMany({ where: { id: existing.id, [column]: null }, data: { [column]: identity.subject } })) as {
      count: number;
    };
    if (count !== 1) throw new AccountError("accountExists", `This account is linked to another ${label} account`);
    return existing;
  }
  const created = (await strapi.db.query(CONTENT_TYPES.user).create({
    data: {
      username: identity.email,
      email: identity.email,
      provider: identity.provider,
      [column]: identity.subject,
      confirmed: identity.emailVerified,
      blocked: false,
      role: await defaultRoleId(strapi),
      preferredLocale: "es",
      customerKind: "consumer",
      newsletter: false,
    },
  })) as AccountUser;
  await ensureReferralCode(strapi, created.id);
  if (identity.emailVerified) {
    // The provider verified the address: a subscription of it joins the account, as at an e-mailed confirmation.
    await joinNewsletterToAccount(strapi, created);
  } else {
    await sendConfirmation(strapi, created);
  }
  return created;
}

/** A session for the customer the identity names (the account found, joined or opened as above). */
export async function signInWithIdentity(
  strapi: Core.Strapi,
  identity: SocialIdentity,
  caller: Caller,
  rules: IdentityRules,
): Promise<AuthAnswer> {
  const user = await accountForIdentity(strapi, identity, rules);
  if (user.blocked === true) throw new AccountError("blocked", "Your account has been blocked by an administrator");
  const { jwt } = await openSession(strapi, user.id, "social", caller.userAgent);
  return { jwt, user: toAccount(user) };
}
