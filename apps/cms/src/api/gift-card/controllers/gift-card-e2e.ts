import type { Core } from "@strapi/strapi";
import { z } from "zod";
import { action, parse } from "../../../http/action";
import { e2eHookAllowed } from "../../../http/e2e-hooks";
import { createGiftCard, issueGiftCard } from "../../../gift-cards/cards";

const issueBody = z.strictObject({ amount: z.number().int().min(100).max(100_000) });

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /e2e/gift-cards {amount} -> { code } of a card paid and issued now; 404 unless E2E_JOB_HOOKS=true, 403 without its secret (src/http/e2e-hooks.ts). */
  issue: action(async (ctx) => {
    if (!e2eHookAllowed(ctx)) return;
    const body = parse(ctx, issueBody);
    if (body === undefined) return;
    const { id, code } = await createGiftCard(strapi, {
      amount: body.amount,
      buyerEmail: "e2e-buyer@example.test",
      senderName: "E2E",
      recipientName: "E2E",
      recipientEmail: "e2e-recipient@example.test",
      recipientLocale: "es",
      message: null,
      design: null,
      sendOn: null,
    });
    await issueGiftCard(strapi, id, { paymentKey: `e2e-${id}` });
    ctx.body = { code };
  }),
});
