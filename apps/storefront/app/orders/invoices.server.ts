import { cmsFetch } from "~/cms.server";

/**
 * A customer's invoice PDF (docs/decisions/039), passed on from the CMS so that the CMS stays on the
 * private network. The CMS answers 404 for an invoice that is not the caller's, as for one that does
 * not exist.
 */
export async function ownInvoicePdf(
  token: string,
  number: string,
): Promise<Response | "signedOut" | "notFound" | null> {
  try {
    const answer = await cmsFetch(`/invoices/mine/${encodeURIComponent(number)}`, { token });
    if (answer.status === 401 || answer.status === 403) return "signedOut";
    if (answer.status === 404) {
      await answer.body?.cancel();
      return "notFound";
    }
    const type = answer.headers.get("Content-Type") ?? "";
    if (!answer.ok || type !== "application/pdf" || !answer.body) {
      console.error(`The CMS answered ${answer.status} (${type}) to an invoice's PDF`);
      await answer.body?.cancel();
      return null;
    }
    // Only a file name of the invoice's number's characters goes back into the header.
    const name = /^[\w-]+$/.test(number) ? `${number}.pdf` : "invoice.pdf";
    return new Response(answer.body, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    console.error("The invoice's PDF could not reach the CMS", error);
    return null;
  }
}
