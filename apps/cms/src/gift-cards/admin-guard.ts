import type { Core } from "@strapi/strapi";
import { errors } from "@strapi/utils";
import { CONTENT_TYPES } from "../content-types";

/**
 * Gift cards and their movements are read in the admin panel's content manager but changed only
 * through the ledger (docs/decisions/033 and 037): an edit there would change a balance without a
 * movement, or a code's hash without a code. Staff adjust, void and resend from the storefront's
 * /admin/gift-cards, which records each as a movement with its reason.
 */

const READS = new Set(["findOne", "findFirst", "findMany", "count"]);

const REFUSAL =
  "Gift cards change only through their ledger: adjust, void or resend the mail from the shop's /admin/gift-cards page.";
const GUARDED = new Set<string>([CONTENT_TYPES.giftCard, CONTENT_TYPES.giftCardEntry]);

interface RequestState {
  state?: { auth?: { strategy?: { name?: string } } };
}

/** Registers the refusal (Strapi's register phase); the shop's own services use the query engine and never meet it. */
export function registerGiftCardStaffRules(strapi: Core.Strapi): void {
  type Middleware = Parameters<typeof strapi.documents.use>[0];
  const middleware = async (middlewareContext: unknown, next: () => Promise<unknown>) => {
    const context = middlewareContext as { uid: string; action: string };
    if (!GUARDED.has(context.uid) || READS.has(context.action)) return next();
    const ctx = strapi.requestContext.get() as RequestState | undefined;
    if (ctx?.state?.auth?.strategy?.name === "admin") throw new errors.ApplicationError(REFUSAL);
    return next();
  };
  strapi.documents.use(middleware as Middleware);
}
