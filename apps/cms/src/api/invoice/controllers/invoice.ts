import type { Core } from "@strapi/strapi";
import { signedInOrder } from "../../../http/order-action";
import { OrderNotFoundError } from "../../../ordering/errors";
import { ownInvoicePdf } from "../../../invoices/mine";

/** The customer's invoice PDF: theirs only; any other number is 404, as an unknown one is. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  pdf: signedInOrder(strapi, async (ctx, session) => {
    const file = await ownInvoicePdf(strapi, { userId: session.userId, number: String(ctx.params.number) });
    if (file === null) throw new OrderNotFoundError("No such invoice");
    ctx.set("Content-Type", file.contentType);
    ctx.set("Content-Disposition", `attachment; filename="${file.filename}"`);
    ctx.set("Cache-Control", "private, no-store");
    ctx.body = file.content;
  }),
});
