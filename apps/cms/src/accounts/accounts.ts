import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type {
  Account,
  AuthAnswer,
  ChangePasswordBody,
  EmailRequestBody,
  RegisterBody,
  ResetPasswordBody,
  SignInBody,
  SignInCodeBody,
} from "@shop/contracts";
import { checkPassword, isLocale, toLocale, type Locale } from "@shop/domain";
import { renderEmailLater, sendEmailLater } from "../email/later";
import type { EmailMessage } from "../email/send";
import type { TemplateName } from "../email/templates";
import { afterAnswer } from "../http/after-answer";
import type { ScreenId } from "@shop/routing";
import { storefrontLink } from "../storefront-links";
import { AccountError } from "./errors";
import { RateLimitedError } from "../rate-limits/errors";
import { joinNewsletterToAccount } from "../newsletter/newsletter";
import {
  findLinkToken,
  issueLinkToken,
  issueSignInCode,
  rehearse,
  spendLinkToken,
  spendLinkTokenRow,
  spendSignInCode,
  type TokenPurpose,
} from "./one-time-tokens";
import { checkAllowance, clearAllowance, takeAllowance, takeMailAllowance } from "../rate-limits/rate-limits";
import { ensureReferralCode } from "../referrals/referrals";
import { closeAllSessions, closeSession, findUser, openSession, type AccountUser, type SignInMethod } from "./sessions";
import { CONTENT_TYPES } from "../content-types";

/**
 * Customer accounts (docs/decisions/011): registration, sign-in by password or e-mailed code,
 * recovery, confirmation, password change and sign-out. Callable without a request: what a service
 * needs from it (the client address, the user agent, the signed-in session) is an argument.
 */

/** Who is asking: the client address (src/middlewares/client-ip.ts) and their browser. */
export interface Caller {
  address: string;
  userAgent?: string;
}

interface UserService {
  ensureHashedPasswords(values: { password: string }): Promise<{ password: string }>;
  add(values: Record<string, unknown>): Promise<AccountUser>;
  edit(id: number, values: Record<string, unknown>): Promise<AccountUser | null>;
  validatePassword(password: string, hash: string): Promise<boolean>;
}

const userService = (strapi: Core.Strapi) =>
  strapi.plugin("users-permissions").service("user") as unknown as UserService;

/** The customer as every call answers (the contract's accountSchema); never a hash or a token. */
export function toAccount(user: AccountUser): Account {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    provider: user.provider ?? "local",
    confirmed: user.confirmed === true,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    phone: user.phone ?? null,
    preferredLocale: toLocale(user.preferredLocale),
    customerKind: user.customerKind === "company" ? "company" : "consumer",
    companyName: user.companyName ?? null,
    taxId: user.taxId ?? null,
    newsletter: user.newsletter === true,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

function localeOf(user: AccountUser, fallback?: Locale): Locale {
  return isLocale(user.preferredLocale) ? user.preferredLocale : (fallback ?? "es");
}

/** True when the account has a password to sign in with (an Apple-only account has none). */
export function mayUsePassword(user: AccountUser | null): user is AccountUser & { password: string } {
  return user !== null && typeof user.password === "string" && user.password !== "";
}

async function answerWithSession(
  strapi: Core.Strapi,
  user: AccountUser,
  method: SignInMethod,
  caller: Caller,
): Promise<AuthAnswer> {
  const { jwt } = await openSession(strapi, user.id, method, caller.userAgent);
  return { jwt, user: toAccount(user) };
}

/** Refuses a new password that is common or made of the customer's own data. */
async function assertGoodPassword(password: string, inputs: (string | null | undefined)[]): Promise<void> {
  const verdict = await checkPassword(
    password,
    inputs.filter((input): input is string => typeof input === "string"),
  );
  if (verdict.problem === "common") {
    throw new AccountError("weakPassword", "This password is too common or too easy to guess", "password");
  }
  if (verdict.problem !== null) throw new AccountError("weakPassword", "This password cannot be used", "password");
}

const INVALID_CREDENTIALS = "Invalid identifier or password";

/** A failed sign-in counts against the account; this attempt is refused for what it was, not for the count. */
async function countFailure(accountKey: string): Promise<void> {
  await takeAllowance("signInFailuresPerAccount", accountKey).catch((error: unknown) => {
    if (!(error instanceof RateLimitedError)) throw error;
  });
}

// ---- Registration and confirmation ---------------------------------------------------------------

/**
 * Refuses a registration because the e-mail address already has an account, counting the refusal
 * against the client address's small allowance of them: the answer tells who is a customer, so one
 * address hears it a few times an hour only (racing requests past it get 429, not the answer).
 */
async function refuseTakenEmail(caller: Caller): Promise<never> {
  await takeAllowance("registerTakenPerAddress", caller.address);
  throw new AccountError("emailTaken", "This e-mail address already has an account", "email");
}

/**
 * A new customer, signed in at once (the spec: register answers a jwt) and asked to confirm the
 * address. Counted per e-mail address (whether it has an account is what this answer tells), and
 * per client address only as a backstop a shared address does not reach (docs/decisions/021); a
 * password refused as weak is the customer's typing and counts only against the backstop. The
 * answers "already has an account" count per client address too, against a small allowance: the
 * backstop alone would let one address ask about 200 e-mail addresses an hour.
 */
export async function register(strapi: Core.Strapi, input: RegisterBody, caller: Caller): Promise<AuthAnswer> {
  await takeAllowance("registerPerAddress", caller.address);
  // Checked before the e-mail address is looked up: once the address has heard "already has an
  // account" too often, every registration from it is refused alike, taken e-mail address or not.
  await checkAllowance("registerTakenPerAddress", caller.address);
  await assertGoodPassword(input.password, [input.email, input.firstName, input.lastName]);
  await takeAllowance("registerPerEmail", input.email);
  const role = (await strapi.db
    .query(CONTENT_TYPES.userRole)
    .findOne({ where: { type: "authenticated" }, select: ["id"] })) as { id: number } | null;
  if (!role) throw new Error("The users-permissions plugin has no authenticated role");
  if (await findUser(strapi, { email: input.email })) await refuseTakenEmail(caller);
  let user: AccountUser;
  try {
    user = await userService(strapi).add({
      // The e-mail address is the only identifier: a username chosen by someone else can never shadow it.
      username: input.email,
      email: input.email,
      password: input.password,
      provider: "local",
      role: role.id,
      confirmed: false,
      blocked: false,
      firstName: input.firstName,
      lastName: input.lastName,
      preferredLocale: input.preferredLocale,
      customerKind: "consumer",
      newsletter: false,
    });
  } catch (error) {
    // Two registrations racing for one address: the unique index lets one through.
    if (await findUser(strapi, { email: input.email })) await refuseTakenEmail(caller);
    throw error;
  }
  await ensureReferralCode(strapi, user.id);
  await sendConfirmation(strapi, user);
  return answerWithSession(strapi, user, "register", caller);
}

/**
 * An e-mailed link (the address's confirmation, a password reset): a new one-time token for
 * `purpose`, in the query parameter `param` of a storefront page in the customer's language (else
 * `fallback`'s), mailed with `template`.
 */
async function mailLink(
  steps: AccountMailSteps,
  user: AccountUser,
  link: {
    purpose: TokenPurpose;
    template: "accountConfirmEmail" | "accountResetPassword";
    screen: ScreenId;
    param: string;
    fallback?: Locale | undefined;
  },
): Promise<void> {
  const token = await steps.linkToken(user.id, link.purpose);
  const locale = localeOf(user, link.fallback);
  steps.mail({
    template: link.template,
    props: { name: user.firstName, url: storefrontLink(link.screen, locale, { [link.param]: token }) },
    to: user.email,
    locale,
  });
}

function mailConfirmation(steps: AccountMailSteps, user: AccountUser, fallback?: Locale): Promise<void> {
  return mailLink(steps, user, {
    purpose: "confirm-email",
    template: "accountConfirmEmail",
    screen: "login",
    param: "confirmation",
    fallback,
  });
}

export async function sendConfirmation(strapi: Core.Strapi, user: AccountUser, fallback?: Locale): Promise<void> {
  await mailConfirmation(accountMailSteps(strapi, "send"), user, fallback);
}

/**
 * What the work after an e-mail request does: issue a secret, then mail it. For an address that
 * gets a mail, the real steps; for one that does not (no account, blocked, already confirmed), a
 * rehearsal of the same steps that keeps and sends nothing (the secret's statements rolled back,
 * the mail rendered and dropped), so that the work after the answer costs about the same and the
 * next request is not slowed for a known address only (issue 20: 10.8 ms against 6.4 ms).
 */
export interface AccountMailSteps {
  linkToken(userId: number, purpose: TokenPurpose): Promise<string>;
  signInCode(userId: number): Promise<string>;
  mail<Name extends TemplateName>(message: EmailMessage<Name>): void;
}

export type AccountMailMode = "send" | "rehearse";

export function accountMailSteps(strapi: Core.Strapi, mode: AccountMailMode): AccountMailSteps {
  if (mode === "send") {
    return {
      linkToken: (userId, purpose) => issueLinkToken(strapi, userId, purpose),
      signInCode: (userId) => issueSignInCode(strapi, userId),
      mail: (message) => sendEmailLater(strapi, message),
    };
  }
  return {
    linkToken: (userId, purpose) => rehearse(strapi, () => issueLinkToken(strapi, userId, purpose)),
    signInCode: (userId) => rehearse(strapi, () => issueSignInCode(strapi, userId)),
    mail: (message) => renderEmailLater(strapi, message),
  };
}

export interface AccountMailOptions {
  /** The steps for each mode; tests put spies here. */
  stepsFor?: (mode: AccountMailMode) => AccountMailSteps;
}

/** Who a rehearsal is for: no account (id 0 matches no row), the address and language asked in. */
function standIn(input: EmailRequestBody): AccountUser {
  return {
    id: 0,
    email: input.email,
    username: input.email,
    firstName: null,
    confirmed: false,
    preferredLocale: input.locale,
  } as AccountUser;
}

/** The work after an e-mail request, written once for both modes; `asked` is the request's language. */
type AccountMailWork = (steps: AccountMailSteps, user: AccountUser, asked: EmailRequestBody["locale"]) => Promise<void>;

/** A call that answers the same whether or not the address has an account. */
type AccountMailRequest = (
  strapi: Core.Strapi,
  input: EmailRequestBody,
  caller: Caller,
  options?: AccountMailOptions,
) => Promise<void>;

/**
 * For the calls that answer the same whether or not the address has an account (forgot-password,
 * sign-in code, confirmation again): only the allowances, keyed by the e-mail text and the client
 * address, are taken before the answer. Looking the address up and `work` come after it, so neither
 * the answer nor its time tells; `work` runs with the real steps for an account that `wanted`
 * (not blocked, and the call's own condition), and rehearses them for anyone else.
 */
function accountMailRequest(
  kind: "confirm-email" | "reset-password" | "sign-in-code",
  { wanted = () => true, work }: { wanted?: (user: AccountUser) => boolean; work: AccountMailWork },
): AccountMailRequest {
  return async (
    strapi,
    input,
    caller,
    { stepsFor = (mode: AccountMailMode) => accountMailSteps(strapi, mode) } = {},
  ) => {
    await takeMailAllowance(kind, input.email, caller.address);
    afterAnswer(strapi, `answer a ${kind} request`, async () => {
      const user = await findUser(strapi, { email: input.email });
      if (user && user.blocked !== true && wanted(user)) await work(stepsFor("send"), user, input.locale);
      else await work(stepsFor("rehearse"), standIn(input), input.locale);
    });
  };
}

/**
 * Sends the confirmation link again. The answer is the same whether the address has an account,
 * is already confirmed, or is unknown.
 */
export const resendConfirmation = accountMailRequest("confirm-email", {
  wanted: (user) => user.confirmed !== true,
  work: mailConfirmation,
});

/** The e-mailed link was opened: the address is confirmed, and the customer is welcomed. */
export async function confirmEmail(strapi: Core.Strapi, token: string): Promise<Account> {
  const userId = await spendLinkToken(strapi, "confirm-email", token);
  const user = userId === null ? null : await findUser(strapi, { id: userId });
  if (!user) throw new AccountError("invalidToken", "This link is not valid any more", "confirmation");
  const confirmed = await markConfirmed(strapi, user);
  return toAccount(confirmed);
}

/** Confirms the address (a link or a code proved it); the first time, the welcome mail goes out. */
async function markConfirmed(strapi: Core.Strapi, user: AccountUser): Promise<AccountUser> {
  if (user.confirmed === true) return user;
  const { count } = (await strapi.db
    .query(CONTENT_TYPES.user)
    .updateMany({ where: { id: user.id, confirmed: false }, data: { confirmed: true } })) as { count: number };
  if (count === 1) {
    await joinNewsletterToAccount(strapi, user);
    const locale = localeOf(user);
    sendEmailLater(strapi, {
      template: "accountWelcome",
      props: { name: user.firstName, url: storefrontLink("account", locale) },
      to: user.email,
      locale,
    });
  }
  return { ...user, confirmed: true };
}

// ---- Sign-in -------------------------------------------------------------------------------------

/**
 * Sign-in with e-mail and password. Counted per address (every attempt) and per account (failures,
 * from any address); a right password clears the account's failures.
 */
export async function signIn(strapi: Core.Strapi, input: SignInBody, caller: Caller): Promise<AuthAnswer> {
  await takeAllowance("signInPerAddress", caller.address);
  const accountKey = input.identifier;
  await checkAllowance("signInFailuresPerAccount", accountKey);
  const user = await findUser(strapi, { email: input.identifier });
  // The hash is checked even for an unknown address, so that the time taken does not tell.
  const hash = mayUsePassword(user) ? user.password : await dummyHash(strapi);
  const valid = await userService(strapi).validatePassword(input.password, hash);
  if (!user || !mayUsePassword(user) || !valid) {
    await countFailure(accountKey);
    throw new AccountError("invalidCredentials", INVALID_CREDENTIALS);
  }
  if (user.blocked === true) throw new AccountError("blocked", "Your account has been blocked by an administrator");
  await clearAllowance("signInFailuresPerAccount", accountKey);
  return answerWithSession(strapi, user, "password", caller);
}

let dummy: Promise<string> | undefined;

/** A hash of a random password, made as the plugin makes them: what an unknown address is checked against. */
function dummyHash(strapi: Core.Strapi): Promise<string> {
  dummy ??= userService(strapi)
    .ensureHashedPasswords({ password: randomBytes(16).toString("hex") })
    .then(({ password }) => password);
  return dummy;
}

/**
 * Sends a sign-in code by e-mail. The answer is the same whether the address has an account or not;
 * a blocked account gets no code.
 */
export const requestSignInCode = accountMailRequest("sign-in-code", {
  work: async (steps, user, asked) => {
    const code = await steps.signInCode(user.id);
    const locale = localeOf(user, asked);
    steps.mail({
      template: "accountSignInCode",
      props: { name: user.firstName, code, url: storefrontLink("login", locale) },
      to: user.email,
      locale,
    });
  },
});

/** Sign-in with an e-mailed code, which also proves the address is the customer's. */
export async function signInWithCode(strapi: Core.Strapi, input: SignInCodeBody, caller: Caller): Promise<AuthAnswer> {
  // Not the password's failure count: a guesser who locks password sign-in must not lock this way out
  // too. A code allows 5 tries, and 3 codes an hour can be asked for an address.
  await takeAllowance("signInPerAddress", caller.address);
  const user = await findUser(strapi, { email: input.email });
  const valid = user !== null && (await spendSignInCode(strapi, user.id, input.code));
  if (!user || !valid) throw new AccountError("invalidCode", "This code is not valid: ask for a new one", "code");
  if (user.blocked === true) throw new AccountError("blocked", "Your account has been blocked by an administrator");
  return answerWithSession(strapi, await markConfirmed(strapi, user), "code", caller);
}

/** Sign-out: the session ends, and the token (and every copy of it) is refused from now on. */
export async function signOut(strapi: Core.Strapi, sid: string): Promise<void> {
  await closeSession(strapi, sid);
}

// ---- Recovery and password change ----------------------------------------------------------------

/** Sends a reset link. The answer is the same whether the address has an account or not. */
export const forgotPassword = accountMailRequest("reset-password", {
  work: (steps, user, asked) =>
    mailLink(steps, user, {
      purpose: "reset-password",
      template: "accountResetPassword",
      screen: "passwordRecovery",
      param: "code",
      fallback: asked,
    }),
});

function mailPasswordChanged(strapi: Core.Strapi, user: AccountUser): void {
  const locale = localeOf(user);
  sendEmailLater(strapi, {
    template: "accountPasswordChanged",
    props: { name: user.firstName, url: storefrontLink("passwordRecovery", locale) },
    to: user.email,
    locale,
  });
}

/**
 * A new password from an e-mailed link: the link is spent, every session of the customer ends, the
 * address counts as confirmed (the link proved it), and the customer is signed in anew. The link is
 * spent only once nothing can refuse the reset any more: a password refused as weak leaves it
 * working. Spending stays a conditional update, so of two resets with one link exactly one wins.
 */
export async function resetPassword(
  strapi: Core.Strapi,
  input: ResetPasswordBody,
  caller: Caller,
): Promise<AuthAnswer> {
  const link = await findLinkToken(strapi, "reset-password", input.code);
  const user = link === null ? null : await findUser(strapi, { id: link.userId });
  const invalidLink = () =>
    new AccountError("invalidToken", "This link is not valid any more: ask for a new one", "code");
  if (link === null || !user || user.blocked === true) throw invalidLink();
  await assertGoodPassword(input.password, [user.email, user.firstName, user.lastName]);
  if (!(await spendLinkTokenRow(strapi, link))) throw invalidLink();
  await userService(strapi).edit(user.id, { password: input.password, provider: user.provider ?? "local" });
  await closeAllSessions(strapi, user.id);
  mailPasswordChanged(strapi, user);
  return answerWithSession(strapi, await markConfirmed(strapi, user), "reset", caller);
}

/**
 * Re-checks a signed-in customer's password before a change that needs it (a new password, deleting
 * the account). Counted per account, so a stolen session cannot guess the password.
 */
export async function assertCurrentPassword(
  strapi: Core.Strapi,
  user: AccountUser & { password: string },
  given: string | undefined,
): Promise<void> {
  // Keyed by the address, like the other per-account counts: ids repeat between databases that share one Redis.
  await takeAllowance("passwordChecksPerAccount", user.email);
  if (given === undefined || !(await userService(strapi).validatePassword(given, user.password))) {
    throw new AccountError("invalidCredentials", "The provided current password is invalid", "currentPassword");
  }
}

/** A signed-in password change: every session ends, this device gets a new token. */
export async function changePassword(
  strapi: Core.Strapi,
  userId: number,
  input: ChangePasswordBody,
  caller: Caller,
): Promise<AuthAnswer> {
  const user = await findUser(strapi, { id: userId });
  if (!mayUsePassword(user)) throw new AccountError("invalidCredentials", "This account has no password to change");
  await assertCurrentPassword(strapi, user, input.currentPassword);
  if (input.currentPassword === input.password) {
    throw new AccountError(
      "samePassword",
      "Your new password must be different than your current password",
      "password",
    );
  }
  await assertGoodPassword(input.password, [user.email, user.firstName, user.lastName]);
  await userService(strapi).edit(user.id, { password: input.password });
  await closeAllSessions(strapi, user.id);
  mailPasswordChanged(strapi, user);
  return answerWithSession(strapi, user, "change", caller);
}
