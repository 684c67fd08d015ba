import { timingSafeEqual } from "node:crypto";
import type { Core } from "@strapi/strapi";
import {
  CONSENT_SOURCES,
  type CONSENT_EVENTS,
  type CONSENT_LOG_SOURCES,
  type NewsletterAnswer,
  type NewsletterBody,
  type NewsletterConfirmAnswer,
  type NewsletterStatus,
  type NewsletterSubscribeBody,
  type NewsletterUnsubscribeAnswer,
} from "@shop/contracts";
import { toLocale, type Locale } from "@shop/domain";
import { sendEmailLater } from "../email/later";
import { storefrontLink } from "../storefront-links";
import { sendEmail, type EmailMessage } from "../email/send";
import type { TemplateName, TemplateProps } from "../email/templates";
import type { NewsletterMailProps } from "../email/templates/newsletter-message";
import { afterAnswer } from "../http/after-answer";
import { AccountError } from "../accounts/errors";
import { keyedHash } from "../crypto/keyed-hash";
import { linkSecretHash, newLinkSecret } from "../accounts/one-time-tokens";
import { takeMailAllowance } from "../rate-limits/rate-limits";
import { findUser, type AccountUser } from "../accounts/sessions";
import { CONTENT_TYPES } from "../content-types";

/**
 * The newsletter, with double opt-in, for visitors and customers (docs/decisions/013). One
 * subscriber row per e-mail address (pending, subscribed, unsubscribed), joined to the account of
 * that address once the account has proven it is theirs; every request, confirmation and withdrawal
 * goes to the consent log with its time, wording, language and source. A customer's `newsletter`
 * flag is true only while their address's subscription is confirmed.
 */

/** How long a confirmation link is valid. */
export const CONFIRM_TTL_SECONDS = 7 * 24 * 60 * 60;
const CONFIRM_PURPOSE = "newsletter-confirm";
const UNSUBSCRIBE_KEY = "shop newsletter unsubscribe";
const PSEUDONYM_KEY = "shop consent pseudonym";

type ConsentEvent = (typeof CONSENT_EVENTS)[number];
type ConsentLogSource = (typeof CONSENT_LOG_SOURCES)[number];
type RequestSource = (typeof CONSENT_SOURCES)[number];

/** A subscriber row as the services read it. */
export interface Subscriber {
  id: number;
  documentId: string;
  email: string;
  status: NewsletterStatus;
  locale: string;
  source: RequestSource;
  userId: number | null;
  confirmExpiresAt: string | Date | null;
  /** The consent entry of the request whose link is pending. */
  pendingRequestId: number | null;
}

interface ConsentRow {
  id: number;
  email: string | null;
  detachedAt: string | Date | null;
  event: ConsentEvent | null;
  subscribed: boolean;
  wording: string | null;
  locale: string;
  source: ConsentLogSource;
  createdAt: string | Date;
}

const subscribers = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.newsletterSubscriber);
const consents = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.newsletterConsent);

async function findSubscriber(strapi: Core.Strapi, where: Record<string, unknown>): Promise<Subscriber | null> {
  return (await subscribers(strapi).findOne({ where })) as Subscriber | null;
}

// ---- The consent log -----------------------------------------------------------------------------

interface ConsentEntry {
  event: ConsentEvent;
  email: string;
  userId: number | null;
  wording: string | null;
  locale: Locale;
  source: ConsentLogSource;
  /**
   * Logged under the address's pseudonym, with no address and no account: a visitor's request for an
   * account's address, which is nobody's until its link is opened (confirmSubscription).
   */
  unattached?: boolean;
}

/** Logs an entry; its id. */
async function logConsent(strapi: Core.Strapi, entry: ConsentEntry): Promise<number> {
  const who =
    entry.unattached === true
      ? { email: null, emailHash: consentPseudonym(entry.email), user: null }
      : { email: entry.email, user: entry.userId };
  const row = (await consents(strapi).create({
    data: {
      event: entry.event,
      ...who,
      subscribed: entry.event !== "unsubscribe",
      wording: entry.wording,
      locale: entry.locale,
      source: entry.source,
    },
  })) as { id: number };
  return row.id;
}

/** What the log keeps of an address once its account is deleted: a keyed hash, to match a complaint against. */
export function consentPseudonym(email: string): string {
  return keyedHash(PSEUDONYM_KEY, email.toLowerCase());
}

/**
 * At the account's deletion: its consent entries stay, as proof of consent (GDPR art. 7(1)), but
 * no longer name the customer: no account, the address replaced by its pseudonym. Entries of the
 * address not joined to the account (a request that was never confirmed) go the same way once the
 * account has proven the address is theirs. How many stayed.
 */
export async function detachConsentLog(strapi: Core.Strapi, user: AccountUser): Promise<number> {
  const own = { user: { id: user.id } };
  const where = user.confirmed === true ? { $or: [own, { email: user.email }] } : own;
  const rows = (await consents(strapi).findMany({ where, select: ["id"] })) as { id: number }[];
  const data = { user: null, email: null, emailHash: consentPseudonym(user.email), detachedAt: new Date() };
  for (const { id } of rows) await consents(strapi).update({ where: { id }, data });
  return rows.length;
}

// ---- Joining a subscription to an account --------------------------------------------------------

async function setNewsletterFlag(strapi: Core.Strapi, userId: number, subscribed: boolean): Promise<void> {
  await strapi.db.query(CONTENT_TYPES.user).update({ where: { id: userId }, data: { newsletter: subscribed } });
}

/** The row and the log entries of the account's address become the account's, and its flag follows the row. */
async function joinToAccount(strapi: Core.Strapi, row: Subscriber, userId: number): Promise<Subscriber> {
  if (row.userId !== userId) {
    await subscribers(strapi).update({ where: { id: row.id }, data: { userId } });
    const loose = (await consents(strapi).findMany({
      where: { email: row.email },
      select: ["id"],
      populate: { user: { select: ["id"] } },
    })) as { id: number; user: { id: number } | null }[];
    for (const entry of loose.filter((each) => each.user === null)) {
      await consents(strapi).update({ where: { id: entry.id }, data: { user: userId } });
    }
  }
  await setNewsletterFlag(strapi, userId, row.status === "subscribed");
  return { ...row, userId };
}

/**
 * The subscription of a customer's address, or null. An address someone registered without proving
 * it is theirs shows them nothing of its owner's subscription: the row joins an account only once
 * the account is confirmed (or when the account itself asked).
 */
async function subscriberOf(strapi: Core.Strapi, user: AccountUser): Promise<Subscriber | null> {
  const row = await findSubscriber(strapi, { email: user.email });
  if (!row || row.userId === user.id) return row;
  return user.confirmed === true ? joinToAccount(strapi, row, user.id) : null;
}

/**
 * Once an account has proven its address (confirmation, a code, a reset link, Apple): a
 * subscription of that address, e.g. confirmed as a visitor before registering, joins the account.
 */
export async function joinNewsletterToAccount(strapi: Core.Strapi, user: AccountUser): Promise<void> {
  await subscriberOf(strapi, { ...user, confirmed: true });
}

// ---- Requests and confirmation -------------------------------------------------------------------

interface SubscriptionRequest {
  email: string;
  locale: Locale;
  wording: string | null;
  source: NewsletterSubscribeBody["source"] | NewsletterBody["source"];
  /** The account asking, if a signed-in customer asks. */
  userId: number | null;
  /** Whom to greet in the confirmation mail. */
  name: string | null;
}

/** What a request stores on the address's row with its link's secret. */
interface PendingLink {
  tokenHash: string;
  /** The consent entry of the request. */
  requestId: number;
  /** A visitor's request for an account's address: the row's status and language stay as they are. */
  keepState: boolean;
}

/**
 * Stores the new confirmation secret on the address's row (withdrawing an earlier one) and, unless
 * `keepState`, makes the row pending in the request's language. False when the address is subscribed
 * already (also when a confirmation wins a race with this).
 */
async function storePendingLink(
  strapi: Core.Strapi,
  request: SubscriptionRequest,
  row: Subscriber | null,
  link: PendingLink,
): Promise<boolean> {
  const now = Date.now();
  const data = {
    confirmTokenHash: link.tokenHash,
    confirmExpiresAt: new Date(now + CONFIRM_TTL_SECONDS * 1000),
    requestedAt: new Date(now),
    pendingRequestId: link.requestId,
    ...(link.keepState ? {} : { status: "pending", locale: request.locale, source: request.source }),
    ...(request.userId === null ? {} : { userId: request.userId }),
  };
  if (!row) {
    try {
      // A new row for an account's address reads as no row did: unsubscribed.
      const state = {
        status: link.keepState ? "unsubscribed" : "pending",
        locale: request.locale,
        source: request.source,
      };
      await subscribers(strapi).create({ data: { email: request.email, ...state, ...data } });
      return true;
    } catch (error) {
      // Two requests for a new address racing: the unique index lets one insert; the other updates.
      if (!(await findSubscriber(strapi, { email: request.email }))) throw error;
    }
  }
  const { count } = (await subscribers(strapi).updateMany({
    where: { email: request.email, status: { $ne: "subscribed" } },
    data,
  })) as { count: number };
  return count === 1;
}

/**
 * Records a request and mails the confirmation link, unless the address is subscribed already.
 *
 * A visitor's request for an account's address (its row is joined to the account, or the account
 * has confirmed the address) changes nothing the account sees until the link is opened: the row
 * keeps its status and language, and the request is logged under the address's pseudonym (no
 * address, no account), kept on the row with the link's secret. Opening the link, which only the
 * address's owner can, makes it the account's (confirmSubscription).
 */
async function requestSubscription(strapi: Core.Strapi, request: SubscriptionRequest): Promise<void> {
  const row = await findSubscriber(strapi, { email: request.email });
  if (row?.status === "subscribed") return;
  const accountsAddress =
    request.userId === null && (row?.userId ?? (await provenAccountId(strapi, request.email))) !== null;
  const requestId = await logConsent(strapi, {
    ...request,
    event: "request",
    userId: request.userId,
    unattached: accountsAddress,
  });
  const token = newLinkSecret();
  const tokenHash = linkSecretHash(CONFIRM_PURPOSE, token);
  if (!(await storePendingLink(strapi, request, row, { tokenHash, requestId, keepState: accountsAddress }))) return;
  sendEmailLater(strapi, {
    template: "newsletterConfirm",
    props: { name: request.name, url: storefrontLink("newsletterConfirm", request.locale, { token }) },
    to: request.email,
    locale: request.locale,
  });
}

/**
 * POST /newsletter/subscribe: a visitor's request from the footer. Nothing tells the caller whether
 * the address was new, pending, subscribed or a customer's: the same allowance, taken before the
 * answer, and the same answer; reading the address's row and account, logging and the mail all come
 * after it.
 */
export async function subscribeVisitor(
  strapi: Core.Strapi,
  input: NewsletterSubscribeBody,
  clientAddress: string,
): Promise<void> {
  await takeMailAllowance("newsletter", input.email, clientAddress);
  afterAnswer(strapi, "record a newsletter request", () =>
    requestSubscription(strapi, { ...input, userId: null, name: null }),
  );
}

function invalidLink(): AccountError {
  return new AccountError("invalidToken", "This link is not valid any more", "token");
}

/** The id of the confirmed account of an address, if there is one. */
async function provenAccountId(strapi: Core.Strapi, email: string): Promise<number | null> {
  const user = await findUser(strapi, { email });
  return user?.confirmed === true ? user.id : null;
}

/** The consent entry of the request whose link a row holds, if it is still there. */
async function pendingRequestOf(strapi: Core.Strapi, row: Subscriber): Promise<ConsentRow | null> {
  if (row.pendingRequestId === null) return null;
  return (await consents(strapi).findOne({ where: { id: row.pendingRequestId } })) as ConsentRow | null;
}

function isRequestSource(source: string): source is RequestSource {
  return (CONSENT_SOURCES as readonly string[]).includes(source);
}

/**
 * POST /newsletter/confirm: the e-mailed link was opened. Single use: of two requests with one link,
 * exactly one confirms. The row becomes subscribed in the request's language; a request logged
 * under the address's pseudonym becomes the address's (and its account's) entry. The welcome, the
 * first newsletter mail, goes out after the answer.
 */
export async function confirmSubscription(strapi: Core.Strapi, token: string): Promise<NewsletterConfirmAnswer> {
  const tokenHash = linkSecretHash(CONFIRM_PURPOSE, token);
  const pending = { confirmTokenHash: tokenHash, status: { $ne: "subscribed" } };
  const row = await findSubscriber(strapi, pending);
  if (!row || row.confirmExpiresAt === null || new Date(row.confirmExpiresAt).getTime() <= Date.now()) {
    throw invalidLink();
  }
  const request = await pendingRequestOf(strapi, row);
  const locale = toLocale(request?.locale ?? row.locale);
  const source = request !== null && isRequestSource(request.source) ? request.source : row.source;
  const { count } = (await subscribers(strapi).updateMany({
    where: { id: row.id, ...pending },
    data: {
      status: "subscribed",
      locale,
      source,
      confirmedAt: new Date(),
      confirmTokenHash: null,
      confirmExpiresAt: null,
      pendingRequestId: null,
    },
  })) as { count: number };
  if (count !== 1) throw invalidLink();
  const userId = row.userId ?? (await provenAccountId(strapi, row.email));
  if (request !== null && request.email === null && request.detachedAt === null) {
    await consents(strapi).update({
      where: { id: request.id },
      data: { email: row.email, emailHash: null, user: userId },
    });
  }
  const confirmed: Subscriber = { ...row, status: "subscribed", locale, source };
  if (userId !== null) await joinToAccount(strapi, confirmed, userId);
  await logConsent(strapi, { event: "confirm", email: row.email, userId, wording: null, locale, source: "email" });
  sendEmailLater(strapi, newsletterMessage(confirmed, "newsletterWelcome", { url: storefrontLink("boxes", locale) }));
  return { status: "subscribed", email: row.email };
}

// ---- Unsubscribing -------------------------------------------------------------------------------

/** Ends a subscription (or a pending request) and logs it; nothing happens if it had ended already. */
async function unsubscribe(
  strapi: Core.Strapi,
  row: Subscriber,
  entry: { locale: Locale; source: ConsentLogSource },
): Promise<void> {
  const { count } = (await subscribers(strapi).updateMany({
    where: { id: row.id, status: { $ne: "unsubscribed" } },
    data: {
      status: "unsubscribed",
      unsubscribedAt: new Date(),
      confirmTokenHash: null,
      confirmExpiresAt: null,
      pendingRequestId: null,
    },
  })) as { count: number };
  if (count !== 1) return;
  await logConsent(strapi, { ...entry, event: "unsubscribe", email: row.email, userId: row.userId, wording: null });
  if (row.userId !== null) await setNewsletterFlag(strapi, row.userId, false);
}

/**
 * The token of a subscriber's unsubscribe link: their documentId and its keyed hash. Needs no
 * storage and never expires, so a link in an old mail still works; a row made anew for the same
 * address gets a new documentId, and old links do not reach it.
 */
export function unsubscribeToken(subscriber: Pick<Subscriber, "documentId">): string {
  return `${subscriber.documentId}.${keyedHash(UNSUBSCRIBE_KEY, subscriber.documentId, "base64url")}`;
}

/** The documentId an unsubscribe token was made for, or null for a token the CMS did not make. */
function documentIdOf(token: string): string | null {
  const [documentId = "", mac = "", ...rest] = token.split(".");
  if (documentId === "" || rest.length > 0) return null;
  const given = Buffer.from(mac);
  const expected = Buffer.from(keyedHash(UNSUBSCRIBE_KEY, documentId, "base64url"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? documentId : null;
}

/**
 * POST /newsletter/unsubscribe: the link of a newsletter mail (or the mail client's one-click
 * unsubscribe, RFC 8058). No sign-in; the same answer every time.
 */
export async function unsubscribeWithToken(strapi: Core.Strapi, token: string): Promise<NewsletterUnsubscribeAnswer> {
  const documentId = documentIdOf(token);
  if (documentId === null) throw invalidLink();
  const row = await findSubscriber(strapi, { documentId });
  if (row) await unsubscribe(strapi, row, { locale: toLocale(row.locale), source: "email" });
  return { status: "unsubscribed" };
}

/**
 * At the account's deletion: the subscription of its address ends (logged), and the row with the
 * address goes. An address the account never proved is its owner's, and stays as it is.
 */
export async function dropSubscription(strapi: Core.Strapi, user: AccountUser): Promise<void> {
  const row = await subscriberOf(strapi, user);
  if (!row) return;
  await unsubscribe(strapi, row, { locale: toLocale(row.locale), source: "deletion" });
  await subscribers(strapi).delete({ where: { id: row.id } });
}

/** Pending requests whose link has expired go, with the address (the log keeps the request). How many. */
export async function dropExpiredRequests(strapi: Core.Strapi, now: Date): Promise<number> {
  const { count } = (await subscribers(strapi).deleteMany({
    where: { status: "pending", confirmExpiresAt: { $lt: now } },
  })) as { count: number };
  return count;
}

// ---- The customer's newsletter page --------------------------------------------------------------

async function history(strapi: Core.Strapi, userId: number): Promise<NewsletterAnswer["history"]> {
  const rows = (await consents(strapi).findMany({
    where: { user: { id: userId } },
    orderBy: { id: "desc" },
    limit: 100,
  })) as ConsentRow[];
  return rows.map((row) => ({
    // Entries from before the double opt-in had no event: a subscription counted at once.
    event: row.event ?? (row.subscribed === true ? "confirm" : "unsubscribe"),
    subscribed: row.subscribed === true,
    wording: row.wording ?? null,
    locale: toLocale(row.locale),
    source: row.source,
    at: new Date(row.createdAt).toISOString(),
  }));
}

/** GET /users/me/newsletter: the subscription of the customer's address and their consent history. */
export async function getNewsletter(strapi: Core.Strapi, userId: number): Promise<NewsletterAnswer> {
  const user = await findUser(strapi, { id: userId });
  const row = user ? await subscriberOf(strapi, user) : null;
  const status = row?.status ?? "unsubscribed";
  return { status, subscribed: status === "subscribed", history: await history(strapi, userId) };
}

/**
 * PUT /users/me/newsletter. Subscribing asks for it (pending) and mails the confirmation link, as
 * for a visitor; the account must have confirmed its address first. Unsubscribing is immediate.
 */
export async function setNewsletter(
  strapi: Core.Strapi,
  userId: number,
  input: NewsletterBody,
  clientAddress: string,
): Promise<NewsletterAnswer> {
  const user = await findUser(strapi, { id: userId });
  if (!user) throw new Error(`No user ${userId}`);
  const row = await subscriberOf(strapi, user);
  if (!input.subscribed) {
    if (row) await unsubscribe(strapi, row, { locale: input.locale, source: input.source });
  } else if (row?.status !== "subscribed") {
    if (user.confirmed !== true) {
      throw new AccountError("emailNotVerified", "Confirm your e-mail address first", "subscribed");
    }
    await takeMailAllowance("newsletter", user.email, clientAddress);
    await requestSubscription(strapi, { ...input, email: user.email, userId, name: user.firstName });
  }
  return getNewsletter(strapi, userId);
}

/**
 * The marketing consent ticked at an order's summary (docs/decisions/015), after the answer: a
 * request like the account page's, with the summary's wording and source "checkout", confirmed by
 * the e-mailed link (double opt-in). An account that has not proven its address asks as a visitor
 * does, greeting no one by a name its registrant typed: opening the link proves the address, and
 * joins the subscription to the account once the account is confirmed.
 */
export async function requestFromCheckout(
  strapi: Core.Strapi,
  userId: number,
  { wording, locale }: { wording: string; locale: Locale },
  clientAddress: string,
): Promise<void> {
  const user = await findUser(strapi, { id: userId });
  if (!user) return;
  if (user.confirmed === true) {
    await setNewsletter(strapi, userId, { subscribed: true, wording, locale, source: "checkout" }, clientAddress);
    return;
  }
  await takeMailAllowance("newsletter", user.email, clientAddress);
  await requestSubscription(strapi, {
    email: user.email,
    locale,
    wording,
    source: "checkout",
    userId: null,
    name: null,
  });
}

// ---- Newsletter mails ----------------------------------------------------------------------------

/** The templates that are newsletter mails: those whose props carry the unsubscribe link. */
export type NewsletterTemplate = {
  [Name in TemplateName]: TemplateProps[Name] extends NewsletterMailProps ? Name : never;
}[TemplateName];

/** A newsletter template's props without the unsubscribe link, which the sender adds. */
export type NewsletterProps<Name extends NewsletterTemplate> = Omit<TemplateProps[Name], keyof NewsletterMailProps>;

/**
 * A newsletter mail to a subscriber, in their language: the unsubscribe link in the body and in
 * the List-Unsubscribe headers, with one-click unsubscribe (RFC 8058: the mail client POSTs
 * `List-Unsubscribe=One-Click` to the storefront's unsubscribe page, which calls
 * POST /newsletter/unsubscribe).
 */
function newsletterMessage<Name extends NewsletterTemplate>(
  subscriber: Subscriber,
  template: Name,
  props: NewsletterProps<Name>,
): EmailMessage<Name> {
  const locale = toLocale(subscriber.locale);
  const unsubscribeUrl = storefrontLink("newsletterUnsubscribe", locale, { token: unsubscribeToken(subscriber) });
  return {
    template,
    props: { ...props, unsubscribeUrl } as unknown as TemplateProps[Name],
    to: subscriber.email,
    locale,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * Sends one newsletter mail to one subscriber, only while their subscription is confirmed: what a
 * campaign sender calls for each subscriber. False when the subscriber is not (or no longer)
 * subscribed; throws when the mail cannot be sent.
 */
export async function sendNewsletterMail<Name extends NewsletterTemplate>(
  strapi: Core.Strapi,
  subscriberId: number,
  template: Name,
  props: NewsletterProps<Name>,
): Promise<boolean> {
  const subscriber = await findSubscriber(strapi, { id: subscriberId, status: "subscribed" });
  if (!subscriber) return false;
  await sendEmail(strapi, newsletterMessage(subscriber, template, props));
  return true;
}
