import type { Core } from "@strapi/strapi";
import {
  GIFT_CARD_SEARCH_MAX,
  giftCardBalanceBody,
  staffGiftCardAdjustBody,
  staffGiftCardVoidBody,
} from "@shop/contracts";
import { openSessionOf, type SignedIn } from "../../../accounts/session-of-request";
import { action, callerOf, parse, type Context } from "../../../http/action";
import { sendError } from "../../../http/errors";
import { checkGiftCardBalance } from "../../../gift-cards/balance";
import type { MovementResult } from "../../../gift-cards/ledger";
import {
  adjustGiftCard,
  giftCardForStaff,
  isStaffUser,
  resendGiftCard,
  searchGiftCards,
  voidGiftCard,
} from "../../../gift-cards/staff";

const notFound = (ctx: Context) => sendError(ctx, 404, "NotFoundError", "Not Found");

/** A staff call: 404 to a visitor and to a customer alike, so the calls' existence says nothing. */
function staffOnly(strapi: Core.Strapi, run: (ctx: Context, session: SignedIn) => Promise<void>) {
  return action(async (ctx) => {
    const session = await openSessionOf(strapi, ctx);
    if (session === null || !(await isStaffUser(strapi, session.userId))) {
      notFound(ctx);
      return;
    }
    await run(ctx, session);
  });
}

/** Row ids are 32-bit integer columns: a larger number would make PostgreSQL fail the query (a 500), so it is no card. */
const LARGEST_ROW_ID = 2_147_483_647;

function cardIdOf(ctx: Context): number | null {
  const id = Number(ctx.params?.id);
  return Number.isSafeInteger(id) && id > 0 && id <= LARGEST_ROW_ID ? id : null;
}

/** A movement the ledger's rules refused: 409 with the rule's code (the page words it). */
function sendRefusal(ctx: Context, result: Extract<MovementResult, { ok: false }>): void {
  sendError(ctx, 409, "ApplicationError", `The card's ledger refuses this movement: ${result.refusal}`, {
    code: result.refusal,
    balance: result.balance,
  });
}

/** Parse, ask src/gift-cards (balance.ts, staff.ts), answer. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  balance: action(async (ctx) => {
    const body = parse(ctx, giftCardBalanceBody);
    if (!body) return;
    ctx.body = await checkGiftCardBalance(strapi, { code: body.code, clientAddress: callerOf(ctx).address });
  }),

  search: staffOnly(strapi, async (ctx) => {
    const q = typeof ctx.query?.q === "string" ? ctx.query.q.slice(0, GIFT_CARD_SEARCH_MAX) : "";
    ctx.body = { cards: await searchGiftCards(strapi, q) };
  }),

  show: staffOnly(strapi, async (ctx) => {
    const id = cardIdOf(ctx);
    const detail = id === null ? null : await giftCardForStaff(strapi, id);
    if (detail === null) return notFound(ctx);
    ctx.body = detail;
  }),

  resend: staffOnly(strapi, async (ctx) => {
    const id = cardIdOf(ctx);
    const detail = id === null ? null : await giftCardForStaff(strapi, id);
    if (id === null || detail === null) return notFound(ctx);
    const outcome = await resendGiftCard(strapi, id, new Date());
    if (outcome === "sent") {
      ctx.body = await giftCardForStaff(strapi, id);
      return;
    }
    // Not active (unpaid or voided), being sent by another process right now, or the mail failed.
    sendError(ctx, 409, "ApplicationError", `The card's mail was not sent (${outcome})`, {
      code: outcome === "failed" ? "mail_failed" : detail.card.status === "active" ? "sending" : "not_active",
    });
  }),

  adjust: staffOnly(strapi, async (ctx, session) => {
    const id = cardIdOf(ctx);
    if (id === null || (await giftCardForStaff(strapi, id)) === null) return notFound(ctx);
    const body = parse(ctx, staffGiftCardAdjustBody);
    if (!body) return;
    const result = await adjustGiftCard(strapi, id, { ...body, staffEmail: session.user.email });
    if (!result.ok) return sendRefusal(ctx, result);
    ctx.body = await giftCardForStaff(strapi, id);
  }),

  void: staffOnly(strapi, async (ctx, session) => {
    const id = cardIdOf(ctx);
    if (id === null || (await giftCardForStaff(strapi, id)) === null) return notFound(ctx);
    const body = parse(ctx, staffGiftCardVoidBody);
    if (!body) return;
    const result = await voidGiftCard(strapi, id, { ...body, staffEmail: session.user.email });
    if (!result.ok) return sendRefusal(ctx, result);
    ctx.body = await giftCardForStaff(strapi, id);
  }),
});
