import type { Core } from "@strapi/strapi";
import { invoiceRequestBody } from "@shop/contracts";
import { parse } from "../../../http/action";
import { sendError } from "../../../http/errors";
import { signedInOrder } from "../../../http/order-action";
import { OrderNotFoundError } from "../../../ordering/errors";
import { ownInvoicePdf } from "../../../invoices/mine";
import { InvoiceRequestRefused, requestOrderInvoice } from "../../../invoices/request";

/** The customer's invoices: their PDF (theirs only; any other number is 404, as an unknown one is), and asking for one. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  pdf: signedInOrder(strapi, async (ctx, session) => {
    const file = await ownInvoicePdf(strapi, { userId: session.userId, number: String(ctx.params.number) });
    if (file === null) throw new OrderNotFoundError("No such invoice");
    ctx.set("Content-Type", file.contentType);
    ctx.set("Content-Disposition", `attachment; filename="${file.filename}"`);
    ctx.set("Cache-Control", "private, no-store");
    ctx.body = file.content;
  }),

  /** A full invoice of a paid order asked for after its payment (docs/decisions/039): 201 when issued now, else 200. */
  request: signedInOrder(strapi, async (ctx, session) => {
    const body = parse(ctx, invoiceRequestBody);
    if (!body) return;
    try {
      const { invoice, issued } = await requestOrderInvoice(strapi, {
        userId: session.userId,
        number: String(ctx.params.number),
        body,
        now: new Date(),
      });
      ctx.body = { invoice };
      ctx.status = issued ? 201 : 200;
    } catch (error) {
      if (!(error instanceof InvoiceRequestRefused)) throw error;
      // As the ordering refusals are answered (http/order-action.ts): the code about the whole request.
      const errors = [{ path: [], message: error.code, name: "ValidationError" as const }];
      sendError(ctx, 409, "ConflictError", error.message, { code: error.code, errors });
    }
  }),
});
