import { createRedsysAPI, GatewayError } from "redsys-easy";
import { urlsOf, type RedsysSettings } from "../redsys";
import type { RefundGateway, RefundResult } from "./gateway";

/**
 * Redsys's refunds (docs/decisions/031): a "devolución" (DS_MERCHANT_TRANSACTIONTYPE 3) of the
 * payment's order number and an amount up to what it took, posted server to server to Redsys's REST
 * endpoint (trataPeticionREST) and signed as every Redsys message is (HMAC-SHA256 under the order's
 * 3DES-derived key, redsys-easy). Redsys answers at once: Ds_Response 0900 is a refund accepted.
 * Redsys has no idempotency key: a second refund of the same order and amount is a second refund,
 * which is why the shop claims each refund before it asks (src/ordering/refunds/refunds.ts).
 */

const EURO = "978";

/** Refund ("devolución"): Redsys's transaction type 3. */
export const REDSYS_REFUND = "3";

/** The one answer that means a refund (or a cancellation) was accepted. */
const ACCEPTED = 900;

export function createRedsysRefunds(settings: RedsysSettings): RefundGateway {
  const api = createRedsysAPI({ secretKey: settings.secretKey, urls: urlsOf(settings.gateway) });
  return {
    id: "redsys",
    async refund(request): Promise<RefundResult> {
      let answer;
      try {
        answer = await api.restTrataPeticion({
          DS_MERCHANT_MERCHANTCODE: settings.merchantCode,
          DS_MERCHANT_TERMINAL: settings.terminal,
          DS_MERCHANT_TRANSACTIONTYPE: REDSYS_REFUND,
          DS_MERCHANT_ORDER: request.paymentReference,
          DS_MERCHANT_AMOUNT: String(request.amount),
          DS_MERCHANT_CURRENCY: EURO,
        });
      } catch (error) {
        // Redsys's own refusal (SIS0057: more than is left; SIS0062: no such payment): not an outage.
        if (error instanceof GatewayError) return { status: "failed", providerRef: null, failure: String(error.code) };
        throw error;
      }
      const response = Number(answer.Ds_Response);
      const authorisation = answer.Ds_AuthorisationCode?.trim() || null;
      if (response === ACCEPTED) return { status: "succeeded", providerRef: authorisation };
      return { status: "failed", providerRef: authorisation, failure: `response_${answer.Ds_Response}` };
    },
  };
}
