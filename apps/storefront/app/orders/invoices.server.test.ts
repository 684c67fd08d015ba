import { describe, expect, it, vi } from "vitest";
import { cmsError, useFakeCms } from "../../tests/fake-cms";
import { invoiceHref } from "./invoice-href";
import { ownInvoicePdf } from "./invoices.server";

const cms = useFakeCms();
const PDF = Buffer.from("%PDF-1.3 an invoice");

describe("ownInvoicePdf", () => {
  it("passes the CMS's PDF on as a private download named after the invoice, with the customer's token", async () => {
    cms.on(
      "GET /invoices/mine/F-2026-000001",
      new Response(PDF, { headers: { "Content-Type": "application/pdf", "Content-Disposition": "attachment; x" } }),
    );
    const answer = await ownInvoicePdf("jwt-ana", "F-2026-000001");
    if (!(answer instanceof Response)) throw new Error(`expected a response, got ${String(answer)}`);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="F-2026-000001.pdf"');
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(PDF);
    expect(cms.callsTo("GET /invoices/mine/F-2026-000001")[0]?.token).toBe("jwt-ana");
  });

  it("tells a signed-out token, someone else's invoice and a CMS that cannot answer apart", async () => {
    cms.on("GET /invoices/mine/F-2026-000002", cmsError(401));
    cms.on("GET /invoices/mine/F-2026-000003", cmsError(404));
    cms.on("GET /invoices/mine/F-2026-000004", new Response("<html>", { headers: { "Content-Type": "text/html" } }));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await ownInvoicePdf("jwt", "F-2026-000002")).toBe("signedOut");
    expect(await ownInvoicePdf("jwt", "F-2026-000003")).toBe("notFound");
    expect(await ownInvoicePdf("jwt", "F-2026-000004")).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it("links an invoice's number into the storefront's path, escaped", () => {
    expect(invoiceHref("R-2026-000012")).toBe("/invoices/R-2026-000012");
    expect(invoiceHref("a/b")).toBe("/invoices/a%2Fb");
  });
});
