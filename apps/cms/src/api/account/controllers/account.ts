import type { Core } from "@strapi/strapi";
import {
  accountOverviewQuery,
  addressBody,
  appleLoginBody,
  changePasswordBody,
  deleteAccountBody,
  emailConfirmationBody,
  emailRequestBody,
  oauthAuthorizeQuery,
  oauthCallbackQuery,
  type OAuthProvider,
  newsletterBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  signInBody,
  signInCodeBody,
} from "@shop/contracts";
import type { z } from "zod";
import { action, callerOf, OK, parse, sendUnauthorized, signedIn, type Context } from "../../../http/action";
import { sendError, sendValidationError, zodFieldErrors } from "../../../http/errors";
import { deleteAccount, exportAccount } from "../../../accounts/data-rights";
import {
  changePassword,
  confirmEmail,
  forgotPassword,
  register,
  requestSignInCode,
  resendConfirmation,
  resetPassword,
  signIn,
  signInWithCode,
  signOut,
  toAccount,
} from "../../../accounts/accounts";
import { getNewsletter, setNewsletter } from "../../../newsletter/newsletter";
import { createAddress, deleteAddress, listAddresses, updateAddress, updateProfile } from "../../../accounts/profile";
import { ensureReferralCode } from "../../../referrals/referrals";
import { accountOverview } from "../../../accounts/overview";
import { subscriptionCall } from "../../../subscriptions/http";
import { appleAuthorizationUrl, signInWithApple } from "../../../accounts/social/apple";
import {
  authorizationUrl,
  configuredProviders,
  isOAuthProvider,
  signInWithAppToken,
  signInWithProviderCode,
} from "../../../accounts/social/oauth";

/**
 * The account calls (docs/decisions/011 and 013): parse the body with its contract, call the
 * service, answer (src/http/action.ts turns refusals into Strapi's error shape).
 */

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  signIn: action(async (ctx) => {
    const body = parse(ctx, signInBody);
    if (body) ctx.body = await signIn(strapi, body, callerOf(ctx));
  }),

  register: action(async (ctx) => {
    const body = parse(ctx, registerBody);
    if (body) ctx.body = await register(strapi, body, callerOf(ctx));
  }),

  forgotPassword: action(async (ctx) => {
    const body = parse(ctx, emailRequestBody);
    if (!body) return;
    await forgotPassword(strapi, body, callerOf(ctx));
    ctx.body = OK;
  }),

  resetPassword: action(async (ctx) => {
    const body = parse(ctx, resetPasswordBody);
    if (body) ctx.body = await resetPassword(strapi, body, callerOf(ctx));
  }),

  sendEmailConfirmation: action(async (ctx) => {
    const body = parse(ctx, emailRequestBody);
    if (!body) return;
    await resendConfirmation(strapi, body, callerOf(ctx));
    ctx.body = { email: body.email, sent: true };
  }),

  confirmEmail: action(async (ctx) => {
    const body = parse(ctx, emailConfirmationBody);
    if (body) ctx.body = { user: await confirmEmail(strapi, body.confirmation) };
  }),

  requestSignInCode: action(async (ctx) => {
    const body = parse(ctx, emailRequestBody);
    if (!body) return;
    await requestSignInCode(strapi, body, callerOf(ctx));
    ctx.body = OK;
  }),

  signInWithCode: action(async (ctx) => {
    const body = parse(ctx, signInCodeBody);
    if (body) ctx.body = await signInWithCode(strapi, body, callerOf(ctx));
  }),

  changePassword: signedIn(strapi, async (ctx, session) => {
    const body = parse(ctx, changePasswordBody);
    if (body) ctx.body = await changePassword(strapi, session.userId, body, callerOf(ctx));
  }),

  signOut: signedIn(strapi, async (ctx, session) => {
    await signOut(strapi, session.sid);
    ctx.body = OK;
  }),

  appleLogin: action(async (ctx) => {
    const body = parse(ctx, appleLoginBody);
    if (body) ctx.body = await signInWithApple(strapi, body.accessToken, callerOf(ctx));
  }),

  appleUrl: action(async (ctx) => {
    ctx.body = appleAuthorizationUrl();
  }),

  socialProviders: action(async (ctx) => {
    ctx.body = { providers: configuredProviders() };
  }),

  socialAuthorize: action(async (ctx) => {
    const provider = oauthProviderOf(ctx);
    const query = provider && parseQuery(ctx, oauthAuthorizeQuery);
    if (!provider || !query) return;
    ctx.body = {
      url: authorizationUrl(provider, {
        locale: query.locale,
        state: query.state,
        codeChallenge: query.code_challenge,
      }),
    };
  }),

  socialCallback: action(async (ctx) => {
    const provider = oauthProviderOf(ctx);
    const query = provider && parseQuery(ctx, oauthCallbackQuery);
    if (!provider || !query) return;
    ctx.body =
      "code" in query
        ? await signInWithProviderCode(
            strapi,
            provider,
            { code: query.code, codeVerifier: query.code_verifier, locale: query.locale },
            callerOf(ctx),
          )
        : await signInWithAppToken(strapi, provider, query.access_token, callerOf(ctx));
  }),

  // The session's lookup read the customer already (docs/decisions/024): answered without another query.
  me: signedIn(strapi, async (ctx, session) => {
    ctx.body = toAccount(session.user);
  }),

  updateMe: signedIn(strapi, async (ctx, session) => {
    const body = parse(ctx, profileBody);
    if (body) ctx.body = await updateProfile(strapi, session.userId, body);
  }),

  // One account page's own data in one call (docs/decisions/024); a subscription not the caller's is a 404.
  overview: subscriptionCall(strapi, async (ctx, caller) => {
    const query = accountOverviewQuery.safeParse(ctx.query);
    if (!query.success) {
      sendValidationError(ctx, "The request has invalid parameters", zodFieldErrors(query.error));
      return;
    }
    ctx.body = await accountOverview(strapi, caller, query.data, new Date());
  }),

  listAddresses: signedIn(strapi, async (ctx, session) => {
    ctx.body = { data: await listAddresses(strapi, session.userId) };
  }),

  createAddress: signedIn(strapi, async (ctx, session) => {
    const body = parse(ctx, addressBody);
    if (!body) return;
    ctx.body = { data: await createAddress(strapi, session.userId, body) };
    ctx.status = 201;
  }),

  updateAddress: signedIn(strapi, async (ctx, session) => {
    const body = parse(ctx, addressBody);
    if (!body) return;
    const address = await updateAddress(strapi, session.userId, String(ctx.params.documentId), body);
    if (address) ctx.body = { data: address };
    else sendError(ctx, 404, "NotFoundError", "No such address");
  }),

  deleteAddress: signedIn(strapi, async (ctx, session) => {
    if (await deleteAddress(strapi, session.userId, String(ctx.params.documentId))) ctx.body = OK;
    else sendError(ctx, 404, "NotFoundError", "No such address");
  }),

  newsletter: signedIn(strapi, async (ctx, session) => {
    ctx.body = await getNewsletter(strapi, session.userId);
  }),

  updateNewsletter: signedIn(strapi, async (ctx, session) => {
    const body = parse(ctx, newsletterBody);
    if (body) ctx.body = await setNewsletter(strapi, session.userId, body, callerOf(ctx).address);
  }),

  exportData: signedIn(strapi, async (ctx, session) => {
    const data = await exportAccount(strapi, session);
    if (!data) return sendUnauthorized(ctx);
    ctx.set("Content-Disposition", `attachment; filename="imperfecta-${data.exportedAt.slice(0, 10)}.json"`);
    ctx.body = data;
  }),

  deleteMe: signedIn(strapi, async (ctx, session) => {
    const body = parse(ctx, deleteAccountBody);
    if (!body) return;
    const answer = await deleteAccount(strapi, session.userId, body);
    if (answer) ctx.body = answer;
    else sendUnauthorized(ctx);
  }),

  referral: signedIn(strapi, async (ctx, session) => {
    const code = await ensureReferralCode(strapi, session.userId);
    if (code === undefined) sendUnauthorized(ctx);
    else ctx.body = { code };
  }),
});

/** The query of a GET call, parsed with its contract; a 400 naming the bad fields otherwise. */
function parseQuery<Schema extends z.ZodType>(ctx: Context, schema: Schema): z.output<Schema> | undefined {
  const parsed = schema.safeParse(ctx.query ?? {});
  if (parsed.success) return parsed.data;
  sendValidationError(ctx, "The request has invalid fields", zodFieldErrors(parsed.error));
  return undefined;
}

/** The `:provider` of a social sign-in call; a clear 400 for any other (Apple has calls of its own). */
function oauthProviderOf(ctx: Context): OAuthProvider | undefined {
  const provider = ctx.params.provider;
  if (isOAuthProvider(provider)) return provider;
  sendError(ctx, 400, "ApplicationError", `Sign-in with ${String(provider).slice(0, 40)} is not available`, {
    code: "providerUnavailable",
  });
  return undefined;
}
