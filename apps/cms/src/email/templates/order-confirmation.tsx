import { defineOrderTemplate, ORDER_MAIL_SAMPLE } from "./order-message";
import { orderConfirmationTexts } from "./order-texts";

/** To the customer, once the payment is in: every line, the totals and the delivery. */
export const orderConfirmation = defineOrderTemplate(orderConfirmationTexts, {
  ...ORDER_MAIL_SAMPLE,
  url: "http://localhost:3000/mi-cuenta/pedidos/IMP-0000042",
});
