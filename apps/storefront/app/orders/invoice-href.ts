import { RESOURCE_PATHS } from "@shop/routing";

/** The storefront's address of an invoice's PDF (routes/invoice-pdf.ts). */
export const invoiceHref = (number: string): string =>
  RESOURCE_PATHS.invoice.replace(":number", encodeURIComponent(number));
