import type { Core } from "@strapi/strapi";
import { areaInterestBody, postcodeQuery } from "@shop/contracts";
import { callerOf, OK, parse, type Context } from "../../../http/action";
import { sendValidationError, zodFieldErrors } from "../../../http/errors";
import { orderAction } from "../../../http/order-action";
import { coverage, deliveryAreas, deliveryCalendar, registerAreaInterest } from "../../../delivery/delivery";

/** The postcode of `?postcode=`, or a 400 answered (invalid_postcode). */
function postcodeOf(ctx: Context): string | undefined {
  const parsed = postcodeQuery.safeParse(ctx.query);
  if (parsed.success) return parsed.data.postcode;
  sendValidationError(ctx, "The postcode is not valid", zodFieldErrors(parsed.error));
  return undefined;
}

/** Delivery calls: parse with the contracts, ask the delivery service, answer. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  coverage: orderAction(async (ctx) => {
    const postcode = postcodeOf(ctx);
    if (postcode !== undefined) ctx.body = await coverage(strapi, postcode);
  }),

  calendar: orderAction(async (ctx) => {
    const postcode = postcodeOf(ctx);
    if (postcode !== undefined) ctx.body = await deliveryCalendar(strapi, postcode, new Date());
  }),

  areas: orderAction(async (ctx) => {
    ctx.body = await deliveryAreas(strapi);
  }),

  areaInterest: orderAction(async (ctx) => {
    const body = parse(ctx, areaInterestBody);
    if (!body) return;
    await registerAreaInterest(strapi, body, callerOf(ctx).address);
    ctx.body = OK;
  }),
});
