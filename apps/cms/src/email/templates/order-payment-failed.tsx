import { defineOrderTemplate, ORDER_MAIL_SAMPLE } from "./order-message";
import { orderPaymentFailedTexts } from "./order-texts";

/** To the customer, when the bank refused the payment: the order is kept for a while, with a link to pay again. */
export const orderPaymentFailed = defineOrderTemplate(orderPaymentFailedTexts, {
  ...ORDER_MAIL_SAMPLE,
  url: "http://localhost:3000/order/pay?order=IMP-0000042",
});
