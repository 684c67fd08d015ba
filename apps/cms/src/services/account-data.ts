import type { Core } from "@strapi/strapi";
import type { AccountExport, DeleteAccountAnswer, DeleteAccountBody } from "@shop/contracts";
import { EXPORT_NOT_YET_KEPT } from "@shop/contracts";
import { toLocale, type Locale } from "@shop/domain";
import { sendEmailLater } from "../email/later";
import { assertCurrentPassword, mayUsePassword, toAccount } from "./accounts";
import { dropSubscription, detachConsentLog, getNewsletter } from "./newsletter";
import { dropTokensOf } from "./one-time-tokens";
import { deleteAllAddresses, listAddresses } from "./profile";
import { takeAllowance } from "./rate-limits";
import { ensureReferralCode } from "./referrals";
import { closeAllSessions, findUser, listSessions, type AccountUser } from "./sessions";

/**
 * A customer's rights over their data (docs/decisions/013): a copy of all of it (GDPR art. 15 and
 * 20), and deleting the account (art. 17), keeping only what the law requires and saying so.
 */

const USER_UID = "plugin::users-permissions.user";

const NOT_YET_KEPT_NOTE = {
  es: "Cuando la tienda acepte pedidos en línea, tus pedidos también aparecerán en esta copia.",
  ca: "Quan la botiga accepti comandes en línia, les teves comandes també apareixeran en aquesta còpia.",
  pt: "Quando a loja aceitar encomendas online, as suas encomendas também aparecerão nesta cópia.",
} as const satisfies Record<Locale, string>;

/** GET /users/me/export: everything the shop keeps about the customer; null if the account is gone. */
export async function exportAccount(
  strapi: Core.Strapi,
  session: { userId: number; sid: string },
): Promise<AccountExport | null> {
  const user = await findUser(strapi, { id: session.userId });
  const referralCode = user ? await ensureReferralCode(strapi, user.id) : undefined;
  if (!user || referralCode === undefined) return null;
  const sessions = await listSessions(strapi, user.id);
  return {
    exportedAt: new Date().toISOString(),
    account: toAccount(user),
    referralCode,
    addresses: await listAddresses(strapi, user.id),
    newsletter: await getNewsletter(strapi, user.id),
    sessions: sessions.map((row) => ({
      createdAt: new Date(row.createdAt).toISOString(),
      method: row.method,
      userAgent: row.userAgent ?? null,
      expiresAt: new Date(row.expiresAt).toISOString(),
      current: row.sid === session.sid,
    })),
    notYetKept: [...EXPORT_NOT_YET_KEPT],
    note: NOT_YET_KEPT_NOTE[toLocale(user.preferredLocale)],
  };
}

/** A password when the account has one; an account without (Sign in with Apple) only confirms. Counted alike. */
async function assertMayDelete(strapi: Core.Strapi, user: AccountUser, input: DeleteAccountBody): Promise<void> {
  if (mayUsePassword(user)) await assertCurrentPassword(strapi, user, input.currentPassword);
  else await takeAllowance("passwordChecksPerAccount", user.email);
}

/**
 * Everything of the customer goes but the consent log, detached: how many consent entries stayed,
 * or null when another request deleted the account first.
 */
async function eraseAccount(strapi: Core.Strapi, user: AccountUser): Promise<number | null> {
  return strapi.db.transaction(async () => {
    // The first write locks the customer's row: of two requests racing, the second finds it gone.
    const { count } = (await strapi.db
      .query(USER_UID)
      .updateMany({ where: { id: user.id }, data: { newsletter: false } })) as { count: number };
    if (count !== 1) return null;
    await dropSubscription(strapi, user);
    const consents = await detachConsentLog(strapi, user);
    await deleteAllAddresses(strapi, user.id);
    await closeAllSessions(strapi, user.id);
    await dropTokensOf(strapi, user.id);
    // One by one (not deleteMany), so that the user's relation rows (role, ...) go with it.
    await strapi.db.query(USER_UID).delete({ where: { id: user.id } });
    return consents;
  });
}

/**
 * DELETE /users/me: the account and everything of it go at once (every session is refused from now
 * on); the consent log stays, detached (DELETION_KEPT). A mail confirms it. Null when the account
 * was already gone.
 */
export async function deleteAccount(
  strapi: Core.Strapi,
  userId: number,
  input: DeleteAccountBody,
): Promise<DeleteAccountAnswer | null> {
  const user = await findUser(strapi, { id: userId });
  if (!user) return null;
  await assertMayDelete(strapi, user, input);
  const consents = await eraseAccount(strapi, user);
  if (consents === null) return null;
  const answer: DeleteAccountAnswer = { deleted: true, kept: consents > 0 ? ["consentLog"] : [] };
  sendEmailLater(strapi, {
    template: "accountDeleted",
    props: { name: user.firstName, kept: answer.kept },
    to: user.email,
    locale: toLocale(user.preferredLocale),
  });
  return answer;
}
