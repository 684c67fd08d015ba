import type { Core } from "@strapi/strapi";
import {
  addressBody,
  appleLoginBody,
  changePasswordBody,
  emailConfirmationBody,
  emailRequestBody,
  newsletterBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  signInBody,
  signInCodeBody,
} from "@shop/contracts";
import type { z } from "zod";
import { asApiContext, type ApiContext, type KoaContext } from "../../../catalogue/strapi-loose";
import { sendError, sendValidationError, zodFieldErrors } from "../../../http/errors";
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
  type Caller,
} from "../../../services/accounts";
import { AccountError, RateLimitedError } from "../../../services/errors";
import { appleAuthorizationUrl, signInWithApple } from "../../../services/social";
import {
  createAddress,
  deleteAddress,
  getAccount,
  getNewsletter,
  listAddresses,
  setNewsletter,
  updateAddress,
  updateProfile,
} from "../../../services/profile";
import { openSessionOf, type SignedIn } from "../../../accounts/session-of-request";

/**
 * The account calls (docs/decisions/011): parse the body with its contract, call the service,
 * answer. Refusals are Strapi's error shape: 400 with the field and a code, 401 without a live
 * session, 429 with Retry-After.
 */

type Context = ApiContext & { request: ApiContext["request"] & { header: Record<string, string | undefined> } };

function callerOf(ctx: Context): Caller {
  const userAgent = ctx.request.header["user-agent"];
  return { address: ctx.request.ip, ...(userAgent === undefined ? {} : { userAgent }) };
}

function parse<Schema extends z.ZodType>(ctx: Context, schema: Schema): z.output<Schema> | undefined {
  const parsed = schema.safeParse(ctx.request.body ?? {});
  if (parsed.success) return parsed.data;
  sendValidationError(ctx, "The request has invalid fields", zodFieldErrors(parsed.error));
  return undefined;
}

/** Runs an action, turning the services' refusals into answers. Nothing an account call answers is cacheable. */
function action(run: (ctx: Context) => Promise<void>) {
  return async (koaCtx: KoaContext) => {
    const ctx = asApiContext(koaCtx) as Context;
    ctx.set("Cache-Control", "no-store");
    try {
      await run(ctx);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        ctx.set("Retry-After", String(error.retryAfterSeconds));
        sendError(ctx, 429, "RateLimitError", error.message);
        return;
      }
      if (error instanceof AccountError) {
        const errors = [
          {
            path: error.field === undefined ? [] : [error.field],
            message: error.code,
            name: "ValidationError" as const,
          },
        ];
        sendError(ctx, 400, error.code === "blocked" ? "ApplicationError" : "ValidationError", error.message, {
          code: error.code,
          errors,
        });
        return;
      }
      throw error;
    }
  };
}

/** An action for a signed-in customer: 401 unless the request carries the token of an open session. */
function signedIn(strapi: Core.Strapi, run: (ctx: Context, session: SignedIn) => Promise<void>) {
  return action(async (ctx) => {
    const session = await openSessionOf(strapi, ctx);
    if (!session) {
      sendError(ctx, 401, "UnauthorizedError", "Missing or invalid credentials");
      return;
    }
    await run(ctx, session);
  });
}

const OK = { ok: true } as const;

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

  socialCallback: action(async (ctx) => {
    // Sign-in with google, facebook and microsoft is not offered yet (docs/decisions/011): a clear
    // refusal rather than the plugin's token without a session.
    sendError(ctx, 400, "ApplicationError", `Sign-in with ${ctx.params.provider ?? "this provider"} is not available`);
  }),

  me: signedIn(strapi, async (ctx, session) => {
    const account = await getAccount(strapi, session.userId);
    if (account) ctx.body = account;
    else sendError(ctx, 401, "UnauthorizedError", "Missing or invalid credentials");
  }),

  updateMe: signedIn(strapi, async (ctx, session) => {
    const body = parse(ctx, profileBody);
    if (body) ctx.body = await updateProfile(strapi, session.userId, body);
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
    if (body) ctx.body = await setNewsletter(strapi, session.userId, body);
  }),
});
