import { data } from "react-router";
import type { Route } from "./+types/invoice-pdf";
import { requireCustomer, signInAgain } from "~/accounts/account-area.server";
import { ownInvoicePdf } from "~/orders/invoices.server";
import { ordersTextsFor } from "~/orders/texts";
import { forgetSession } from "~/session.server";

/**
 * One of the signed-in customer's invoices as a PDF download: a link of the order's page (it works
 * without JavaScript). Signed out, the customer signs in and comes back here; someone else's
 * invoice is not found, as an unknown one is.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale } = context;
  const { token } = requireCustomer({ request, context });
  const pdf = await ownInvoicePdf(token, params.number);
  if (pdf === "signedOut") {
    forgetSession(token);
    throw signInAgain(request, locale);
  }
  if (pdf === "notFound") throw data(ordersTextsFor(locale).invoice.notFound, { status: 404 });
  if (pdf) return pdf;
  return new Response(ordersTextsFor(locale).invoice.failed, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" },
  });
}
