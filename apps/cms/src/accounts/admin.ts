import type { Core } from "@strapi/strapi";
import { eraseAccountWith } from "./data-rights";
import { CONTENT_TYPES } from "../content-types";

/**
 * A customer deleted by staff in the admin panel (the content manager deletes through the document
 * service, one customer at a time even in a bulk deletion) is erased as a customer's own deletion
 * erases them: subscriptions and unpaid orders cancelled, orders and the consent log kept
 * pseudonymised, the rest deleted, and the mail sent (docs/decisions/023). The shop's own services
 * delete through the query engine and never meet this.
 */
export function registerAccountErasure(strapi: Core.Strapi): void {
  type Middleware = Parameters<typeof strapi.documents.use>[0];
  const middleware = async (
    context: { uid: string; action: string; params: { documentId?: unknown } },
    next: () => Promise<unknown>,
  ) => {
    const { documentId } = context.params;
    if (context.uid !== CONTENT_TYPES.user || context.action !== "delete" || typeof documentId !== "string")
      return next();
    return eraseAccountWith(strapi, documentId, next);
  };
  strapi.documents.use(middleware as unknown as Middleware);
}
