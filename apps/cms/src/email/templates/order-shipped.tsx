import { defineOrderTemplate, ORDER_MAIL_SAMPLE } from "./order-message";
import { orderShippedTexts } from "./order-texts";

/** To the customer, when staff mark the order shipped: when and where it arrives. */
export const orderShipped = defineOrderTemplate(orderShippedTexts, {
  ...ORDER_MAIL_SAMPLE,
  url: "http://localhost:3000/mi-cuenta/pedidos/IMP-0000042",
});
