import type { Core } from "@strapi/strapi";
import type {
  AccountExport,
  DeleteAccountAnswer,
  DeleteAccountBody,
  DeletionKept,
  DeletionStopped,
} from "@shop/contracts";
import { toLocale, type OrderStatus } from "@shop/domain";
import { sendEmailLater } from "../email/later";
import { assertCurrentPassword, mayUsePassword, toAccount } from "./accounts";
import { dropSubscription, detachConsentLog, getNewsletter } from "../newsletter/newsletter";
import { dropTokensOf } from "./one-time-tokens";
import { detachOrdersOf, placeOfSupply, stillToDeliver } from "../ordering/pseudonyms";
import { changeOrderStatus } from "../ordering/status";
import { listOwnOrderViews } from "../ordering/orders";
import { invoicesOfOrder } from "../invoices/mine";
import { deleteAllAddresses, listAddresses } from "./profile";
import { takeAllowance } from "../rate-limits/rate-limits";
import { ensureReferralCode } from "../referrals/referrals";
import { exportReferrals } from "../referrals/export";
import { exportGiftCards, releaseAccountGiftCards } from "../gift-cards/account-data";
import { closeAllSessions, findUser, listSessions, type AccountUser } from "./sessions";
import type { SubscriptionStatus } from "@shop/domain/subscriptions";
import { cancelForDeletedAccount, LIVE_STATUSES } from "../subscriptions/lifecycle";
import { CONTENT_TYPES } from "../content-types";
import { SUBJECT_COLUMNS, type IdentityProvider } from "./social/identities";

/**
 * A customer's rights over their data (docs/decisions/013 and 023): a copy of all of it (GDPR art.
 * 15 and 20), and deleting the account (art. 17): what would go on without the customer (their
 * subscriptions, their unpaid orders) stops first; what the law makes the shop keep (orders as
 * accounting records, the consent log) is kept pseudonymised, and the customer is told.
 */

/** Who cancels what a deletion stops, as an order's history records it. */
const DELETION_ACTOR = { kind: "system", label: "system:account-deleted" } as const;
const DELETION_NOTE = "account deleted";

const iso = (value: string | Date) => new Date(value).toISOString();

interface PaymentRow {
  reference: string;
  provider: string;
  paymentStatus: "pending" | "paid" | "failed" | "voided";
  amount: number;
  currency: string;
  saveCard: boolean | null;
  createdAt: string | Date;
  decidedAt: string | Date | null;
}

/** An order's attempts to pay, oldest first: no card token or reference, no gateway or staff notes. */
async function paymentsOf(strapi: Core.Strapi, orderId: number): Promise<AccountExport["orders"][number]["payments"]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.payment).findMany({
    where: { order: { id: orderId } },
    select: ["reference", "provider", "paymentStatus", "amount", "currency", "saveCard", "createdAt", "decidedAt"],
    orderBy: { id: "asc" },
  })) as PaymentRow[];
  return rows.map((row) => ({
    reference: row.reference,
    provider: row.provider,
    status: row.paymentStatus,
    amount: row.amount,
    currency: row.currency,
    cardSaved: row.saveCard === true,
    createdAt: iso(row.createdAt),
    decidedAt: row.decidedAt ? iso(row.decidedAt) : null,
  }));
}

interface SubscriptionRow {
  id: number;
  documentId: string;
  subscriptionStatus: SubscriptionStatus;
  frequency: AccountExport["subscriptions"][number]["frequency"];
  locale: AccountExport["subscriptions"][number]["locale"];
  audience: AccountExport["subscriptions"][number]["audience"];
  boxes: unknown;
  extras: unknown;
  slotCode: string;
  deliveryAddress: unknown;
  notes: string | null;
  invoice: unknown;
  nextDeliveryDate: string;
  createdAt: string | Date;
  firstOrder?: { number: string | null } | null;
}

async function subscriptionsOf(strapi: Core.Strapi, userId: number): Promise<AccountExport["subscriptions"]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
    where: { user: { id: userId } },
    populate: { firstOrder: { select: ["number"] } },
    orderBy: { id: "asc" },
  })) as SubscriptionRow[];
  return rows.map((row) => ({
    id: row.documentId,
    status: row.subscriptionStatus,
    frequency: row.frequency,
    locale: row.locale,
    audience: row.audience,
    boxes: row.boxes,
    extras: row.extras,
    slotCode: row.slotCode,
    deliveryAddress: row.deliveryAddress,
    notes: row.notes ?? null,
    invoice: row.invoice ?? null,
    nextDeliveryDate: String(row.nextDeliveryDate).slice(0, 10),
    firstOrder: row.firstOrder?.number ?? null,
    createdAt: iso(row.createdAt),
  }));
}

/** The other companies' sign-ins linked to the account: their ids of the person are the customer's data too. */
async function linkedSignInsOf(strapi: Core.Strapi, userId: number): Promise<AccountExport["linkedSignIns"]> {
  const providers = Object.keys(SUBJECT_COLUMNS) as IdentityProvider[];
  const row = (await strapi.db.query(CONTENT_TYPES.user).findOne({
    where: { id: userId },
    select: providers.map((provider) => SUBJECT_COLUMNS[provider]),
  })) as Partial<Record<string, string | null>> | null;
  return providers.flatMap((provider) => {
    const subject = row?.[SUBJECT_COLUMNS[provider]];
    return subject ? [{ provider, subject }] : [];
  });
}

/** GET /users/me/export: everything the shop keeps about the customer; null if the account is gone. */
export async function exportAccount(
  strapi: Core.Strapi,
  session: { userId: number; sid: string },
): Promise<AccountExport | null> {
  const user = await findUser(strapi, { id: session.userId });
  const referralCode = user ? await ensureReferralCode(strapi, user.id) : undefined;
  if (!user || referralCode === undefined) return null;
  const sessions = await listSessions(strapi, user.id);
  const orders = [];
  for (const { id, order } of await listOwnOrderViews(strapi, user.id)) {
    // The invoices issued for it (numbers, dates, totals): each one's PDF is on the order's page.
    orders.push({ ...order, invoices: await invoicesOfOrder(strapi, id), payments: await paymentsOf(strapi, id) });
  }
  return {
    exportedAt: new Date().toISOString(),
    account: toAccount(user),
    referralCode,
    addresses: await listAddresses(strapi, user.id),
    orders,
    subscriptions: await subscriptionsOf(strapi, user.id),
    newsletter: await getNewsletter(strapi, user.id),
    sessions: sessions.map((row) => ({
      createdAt: new Date(row.createdAt).toISOString(),
      method: row.method,
      userAgent: row.userAgent ?? null,
      expiresAt: new Date(row.expiresAt).toISOString(),
      current: row.sid === session.sid,
    })),
    linkedSignIns: await linkedSignInsOf(strapi, user.id),
    referrals: await exportReferrals(strapi, user.id),
    giftCards: await exportGiftCards(strapi, user),
  };
}

/** A password when the account has one; an account without (Sign in with Apple) only confirms. Counted alike. */
async function assertMayDelete(strapi: Core.Strapi, user: AccountUser, input: DeleteAccountBody): Promise<void> {
  if (mayUsePassword(user)) await assertCurrentPassword(strapi, user, input.currentPassword);
  else await takeAllowance("passwordChecksPerAccount", user.email);
}

/**
 * Ends what would go on without the customer: every subscription is cancelled (no delivery after
 * it), and every unpaid order is cancelled the way the expiry job cancels one (its slot place and
 * coupon use freed, its attempts voided, "account deleted" in its history). Paid orders on their way
 * are still delivered. What stopped, for the answer and the mail.
 */
async function stopWhatGoesOn(
  strapi: Core.Strapi,
  userId: number,
): Promise<Omit<DeletionStopped, "giftCardsReleased">> {
  const live = (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
    where: { user: { id: userId }, subscriptionStatus: { $in: [...LIVE_STATUSES] } },
    select: ["id", "subscriptionStatus"],
  })) as { id: number; subscriptionStatus: (typeof LIVE_STATUSES)[number] }[];
  const orders = (await strapi.db.query(CONTENT_TYPES.order).findMany({
    where: { user: { id: userId }, number: { $notNull: true } },
    select: ["id", "number", "orderStatus", "deliveryDate"],
    orderBy: { id: "asc" },
  })) as { id: number; number: string; orderStatus: OrderStatus; deliveryDate: string }[];
  const unpaidOrders: string[] = [];
  for (const order of orders) {
    if (order.orderStatus !== "pending_payment" && order.orderStatus !== "payment_failed") continue;
    const moved = await changeOrderStatus(strapi, {
      orderId: order.id,
      from: ["pending_payment", "payment_failed"],
      to: "cancelled",
      actor: DELETION_ACTOR,
      note: DELETION_NOTE,
    });
    if (moved) unpaidOrders.push(order.number);
  }
  await cancelForDeletedAccount(strapi, live, {
    now: new Date(),
    actor: { kind: "customer", label: DELETION_ACTOR.label },
  });
  return {
    subscriptions: live.length,
    unpaidOrders,
    stillDelivered: orders
      .filter((order) => stillToDeliver(order.orderStatus))
      .map((order) => ({ number: order.number, date: String(order.deliveryDate).slice(0, 10) })),
  };
}

/** A cancelled subscription keeps what it delivered, not to whom: no account, street, notes or invoice. */
async function detachSubscriptionsOf(strapi: Core.Strapi, userId: number): Promise<void> {
  const rows = (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
    where: { user: { id: userId } },
    select: ["id", "deliveryAddress"],
  })) as { id: number; deliveryAddress: unknown }[];
  for (const row of rows) {
    await strapi.db.query(CONTENT_TYPES.subscription).update({
      where: { id: row.id },
      data: { user: null, deliveryAddress: placeOfSupply(row.deliveryAddress), notes: null, invoice: null },
    });
  }
}

interface Erased {
  kept: DeletionKept[];
  stopped: DeletionStopped;
}

/**
 * Everything of the customer goes but their own row and what the law makes the shop keep,
 * pseudonymised (the orders, the consent log); what would go on without them stops first. Inside
 * the caller's transaction, before the row itself is deleted. Null when another request deleted the
 * account first.
 */
async function releaseAccount(strapi: Core.Strapi, user: AccountUser, now: Date): Promise<Erased | null> {
  // The first write locks the customer's row: of two requests racing, the second finds it gone.
  const { count } = (await strapi.db
    .query(CONTENT_TYPES.user)
    .updateMany({ where: { id: user.id }, data: { newsletter: false } })) as { count: number };
  if (count !== 1) return null;
  // The cards kept in the account leave it, still valid for whoever holds their codes.
  const stopped = { ...(await stopWhatGoesOn(strapi, user.id)), giftCardsReleased: 0 };
  stopped.giftCardsReleased = await releaseAccountGiftCards(strapi, user.id);
  await detachSubscriptionsOf(strapi, user.id);
  const orders = await detachOrdersOf(strapi, user.id, now);
  await strapi.db.query(CONTENT_TYPES.orderDraft).deleteMany({ where: { userId: user.id } });
  await dropSubscription(strapi, user);
  const consents = await detachConsentLog(strapi, user);
  await deleteAllAddresses(strapi, user.id);
  await closeAllSessions(strapi, user.id);
  await dropTokensOf(strapi, user.id);
  const kept: DeletionKept[] = [];
  if (orders > 0) kept.push("orders");
  if (consents > 0) kept.push("consentLog");
  return { kept, stopped };
}

async function eraseAccount(strapi: Core.Strapi, user: AccountUser, now: Date): Promise<Erased | null> {
  return strapi.db.transaction(async () => {
    const erased = await releaseAccount(strapi, user, now);
    // One by one (not deleteMany), so that the user's relation rows (role, ...) go with it.
    if (erased !== null) await strapi.db.query(CONTENT_TYPES.user).delete({ where: { id: user.id } });
    return erased;
  });
}

/** The `accountDeleted` mail: what stopped and what was kept, in the customer's language. */
function mailDeletion(strapi: Core.Strapi, user: AccountUser, erased: Erased): void {
  sendEmailLater(strapi, {
    template: "accountDeleted",
    props: { name: user.firstName, kept: erased.kept, stopped: erased.stopped },
    to: user.email,
    locale: toLocale(user.preferredLocale),
  });
}

/**
 * DELETE /users/me: the account and everything of it go at once (every session is refused from now
 * on); subscriptions and unpaid orders are cancelled first; orders and the consent log stay,
 * pseudonymised (DELETION_KEPT). A mail says what stopped and what was kept. Null when the account
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
  const erased = await eraseAccount(strapi, user, new Date());
  if (erased === null) return null;
  mailDeletion(strapi, user, erased);
  return { deleted: true, ...erased };
}

/**
 * A customer deleted through Strapi's document service (staff, in the admin panel's content
 * manager): the same erasure as the customer's own, in the same transaction as Strapi's deletion of
 * the row (`deleteRow`), and the same mail. Without it the row would go alone, leaving the
 * subscriptions running and the orders with the e-mail (docs/decisions/023).
 */
export async function eraseAccountWith(
  strapi: Core.Strapi,
  documentId: string,
  deleteRow: () => Promise<unknown>,
): Promise<unknown> {
  const found = (await strapi.db.query(CONTENT_TYPES.user).findOne({ where: { documentId }, select: ["id"] })) as {
    id: number;
  } | null;
  const user = found ? await findUser(strapi, { id: found.id }) : null;
  if (!user) return deleteRow();
  const { erased, result } = await strapi.db.transaction(async () => ({
    erased: await releaseAccount(strapi, user, new Date()),
    result: await deleteRow(),
  }));
  if (erased !== null) mailDeletion(strapi, user, erased);
  return result;
}
