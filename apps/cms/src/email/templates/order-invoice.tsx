import { defineOrderTemplate, ORDER_MAIL_SAMPLE } from "./order-message";
import { orderInvoiceTexts } from "./order-texts";

/** To the customer, when a paid order's invoice is issued after its confirmation: the PDF attached. */
export const orderInvoice = defineOrderTemplate(orderInvoiceTexts, {
  ...ORDER_MAIL_SAMPLE,
  url: "http://localhost:3000/mi-cuenta/pedidos/IMP-0000042",
  invoiceNumber: "F-2026-000042",
});
