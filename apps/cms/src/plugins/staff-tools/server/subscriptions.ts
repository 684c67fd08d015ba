import type { Core } from "@strapi/strapi";
import { parse, type Context } from "../../../http/action";
import { sendValidationError, zodFieldErrors } from "../../../http/errors";
import { staffSubscriptionCall } from "../../../subscriptions/http";
import {
  actForCustomer,
  listStaffSubscriptions,
  staffCancelBody,
  staffEmptyBody,
  staffListQuery,
  staffPauseBody,
  staffSubscription,
  type StaffAction,
} from "../../../subscriptions/staff/staff";

/** Staff's subscriptions (issue 22): admin routes behind plugin::staff-tools.subscriptions. */

const staffEmailOf = (ctx: Context): string => (ctx.state.user as { email?: string } | undefined)?.email ?? "staff";

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** POST /staff-tools/subscriptions/:id/{pause,resume,cancel} -> { subscription, appliesFrom } */
  const act = (read: (ctx: Context) => StaffAction | undefined) =>
    staffSubscriptionCall(async (ctx) => {
      const action = read(ctx);
      if (!action) return;
      ctx.body = await actForCustomer(strapi, String(ctx.params.id), action, {
        staffEmail: staffEmailOf(ctx),
        now: new Date(),
      });
    });
  return {
    /** GET /staff-tools/subscriptions?status=&nextFrom=&nextTo=&page= -> { subscriptions, page, pageCount, total } */
    list: staffSubscriptionCall(async (ctx) => {
      const parsed = staffListQuery.safeParse(ctx.query);
      if (!parsed.success) {
        sendValidationError(ctx, "Invalid query", zodFieldErrors(parsed.error));
        return;
      }
      ctx.set("Cache-Control", "private, no-store");
      ctx.body = await listStaffSubscriptions(strapi, parsed.data);
    }),

    /** GET /staff-tools/subscriptions/:id -> { subscription, customer, deliveries, history } */
    show: staffSubscriptionCall(async (ctx) => {
      ctx.set("Cache-Control", "private, no-store");
      ctx.body = await staffSubscription(strapi, String(ctx.params.id), {
        staffEmail: staffEmailOf(ctx),
        now: new Date(),
      });
    }),

    pause: act((ctx) => {
      const body = parse(ctx, staffPauseBody);
      return body && { kind: "pause", body };
    }),
    cancel: act((ctx) => {
      const body = parse(ctx, staffCancelBody);
      return body && { kind: "cancel", body };
    }),
    resume: act((ctx) => (parse(ctx, staffEmptyBody) === undefined ? undefined : { kind: "resume" })),
  };
};
