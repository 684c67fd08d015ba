import type { Core } from "@strapi/strapi";
import { errors } from "@strapi/utils";
import { CONTENT_TYPES } from "../../content-types";

/**
 * Subscriptions are read in the content manager but changed only through Staff tools >
 * Subscriptions (a pause, resume or cancel goes through the domain's transitions, the history and
 * the customer's mail; an edit here would skip all three). Their deliveries, history and price
 * notices are the shop's record. Food banks stay staff's to create, edit and hide (`active`).
 */

const READS = new Set(["findOne", "findFirst", "findMany", "count"]);

const REFUSALS: Readonly<Record<string, string>> = {
  [CONTENT_TYPES.subscription]:
    "Subscriptions are started by customers: pause, resume or cancel one from Staff tools > Subscriptions.",
  [CONTENT_TYPES.subscriptionDelivery]:
    "A subscription's deliveries are planned by the shop and changed by its customer.",
  [CONTENT_TYPES.subscriptionChange]: "A subscription's history is written by the shop as each change is made.",
  [CONTENT_TYPES.subscriptionPriceNotice]: "Price notices are recorded by the shop as it sends them.",
};

interface DocumentContext {
  uid: string;
  action: string;
}

interface RequestState {
  state?: { auth?: { strategy?: { name?: string } } };
}

/** Registers the refusal (Strapi's register phase); the shop's own services use the query engine and never meet it. */
export function registerSubscriptionStaffRules(strapi: Core.Strapi): void {
  type Middleware = Parameters<typeof strapi.documents.use>[0];
  const middleware = async (middlewareContext: unknown, next: () => Promise<unknown>) => {
    const context = middlewareContext as DocumentContext;
    const refusal = REFUSALS[context.uid];
    if (refusal === undefined || READS.has(context.action)) return next();
    const ctx = strapi.requestContext.get() as RequestState | undefined;
    if (ctx?.state?.auth?.strategy?.name === "admin") throw new errors.ApplicationError(refusal);
    return next();
  };
  strapi.documents.use(middleware as Middleware);
}
