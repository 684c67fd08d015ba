import {
  createRedsysAPI,
  GatewayError,
  LANGUAGES,
  PRODUCTION_URLS,
  RedsysError,
  SANDBOX_URLS,
  type RedirectInputParams,
  type RestTrataPeticionInputParams,
  type RestNotificationOutputParams,
  type UrlsConfig,
} from "redsys-easy";
import type { Locale } from "@shop/domain";
import type { DeclineCode } from "@shop/domain/subscriptions";
import {
  PaymentNotificationError,
  type CardDetails,
  type OffSessionCharge,
  type OffSessionResult,
  type PaymentNotification,
  type PaymentProvider,
} from "./provider";

/**
 * Redsys, the Spanish banks' card gateway (redirect integration, redsys-easy). The customer's browser
 * posts a signed form to Redsys; Redsys posts a signed notification to the shop (MERCHANTURL). Both
 * are signed with HMAC-SHA256 under a key derived by 3DES from the order reference and the terminal's
 * secret key; redsys-easy computes it and accepts the signature in base64 or base64url (Redsys sends
 * the latter). Amount, currency and merchant are read here; the service compares the amount and
 * currency with the payment it is about.
 */

export interface RedsysSettings {
  merchantCode: string;
  terminal: string;
  /** The terminal's SHA-256 key (base64, 24 bytes). */
  secretKey: string;
  /** Redsys's test or real gateway, or the URL of another payment form (a local stand-in). */
  gateway: string;
}

/** ISO 4217's number for euros: the only currency the shop charges in. */
const EURO = "978";

/** Authorisation (the only kind of operation the shop asks for). */
const AUTHORISATION = "0";

/** What the merchant's bank statement line says. */
const MERCHANT_NAME = "Imperfecta";

const REDSYS_LANGUAGES = {
  es: LANGUAGES.es,
  ca: LANGUAGES.ca,
  pt: LANGUAGES.pt,
} as const satisfies Record<Locale, string>;

/**
 * Redsys's addresses. Another URL is a local stand-in of the payment form; its REST operations
 * (merchant-initiated charges, refunds) are at Redsys's own path on the same origin.
 */
export function urlsOf(gateway: string): UrlsConfig {
  if (gateway === "test") return SANDBOX_URLS;
  if (gateway === "production") return PRODUCTION_URLS;
  return {
    ...SANDBOX_URLS,
    redirect: gateway,
    restTrataPeticion: new URL("/sis/rest/trataPeticionREST", gateway).toString(),
    restIniciaPeticion: new URL("/sis/rest/iniciaPeticionREST", gateway).toString(),
  };
}

/**
 * Ds_Response's refusals as the dunning rules read them (Redsys's table of response codes, without
 * leading zeros); any other refusal is `unknown`, which the rules treat as final.
 */
const REDSYS_DECLINES: Readonly<Record<string, DeclineCode>> = {
  "101": "card_expired",
  "191": "card_expired",
  "102": "fraud_suspected",
  "104": "card_not_supported",
  "180": "card_not_supported",
  "106": "limit_exceeded",
  "121": "limit_exceeded",
  "116": "insufficient_funds",
  "118": "card_invalid",
  "125": "card_invalid",
  "129": "card_invalid",
  "184": "authentication_required",
  "195": "authentication_required",
  "190": "do_not_honor",
  "202": "card_lost_or_stolen",
  "904": "processing_error",
  "909": "processing_error",
  "912": "issuer_unavailable",
  "9912": "issuer_unavailable",
};

/** Redsys's error for an order number it has seen already: the first charge's outcome stands, unknown here. */
const REPEATED_ORDER = "SIS0051";

/** The parameters of a merchant-initiated charge of a card stored with COF (docs/decisions/029, 030). */
function mitParams(
  settings: RedsysSettings,
  charge: OffSessionCharge,
  card: { identifier: string; txnid: string },
): RestTrataPeticionInputParams {
  return {
    DS_MERCHANT_MERCHANTCODE: settings.merchantCode,
    DS_MERCHANT_TERMINAL: settings.terminal,
    DS_MERCHANT_TRANSACTIONTYPE: AUTHORISATION,
    // Derived from the delivery and the attempt: Redsys refuses an order number twice, so a charge
    // sent again after a crash can never be taken twice.
    DS_MERCHANT_ORDER: charge.reference,
    DS_MERCHANT_AMOUNT: String(charge.amount),
    DS_MERCHANT_CURRENCY: EURO,
    DS_MERCHANT_MERCHANTNAME: MERCHANT_NAME,
    DS_MERCHANT_PRODUCTDESCRIPTION: charge.description.slice(0, 125),
    DS_MERCHANT_MERCHANTURL: charge.notifyUrl,
    DS_MERCHANT_IDENTIFIER: card.identifier,
    // A later charge of a recurring card-on-file agreement, quoting the first transaction's id,
    // exempt from SCA as merchant-initiated, without the 3-D Secure flow.
    DS_MERCHANT_COF_INI: "N",
    DS_MERCHANT_COF_TYPE: "R",
    DS_MERCHANT_COF_TXNID: card.txnid,
    DS_MERCHANT_EXCEP_SCA: "MIT",
    DS_MERCHANT_DIRECTPAYMENT: "true",
  };
}

/** The three fields Redsys posts, whatever the body parser made of them. */
function signedFields(notification: PaymentNotification) {
  const form = notification.form ?? Object.fromEntries(new URLSearchParams(notification.rawBody.toString()).entries());
  const version = form.Ds_SignatureVersion;
  const parameters = form.Ds_MerchantParameters;
  const signature = form.Ds_Signature;
  if (typeof version !== "string" || typeof parameters !== "string" || typeof signature !== "string") {
    throw new PaymentNotificationError("malformed");
  }
  return { Ds_SignatureVersion: version, Ds_MerchantParameters: parameters, Ds_Signature: signature };
}

/** The order an unverified notification names, for the log only. */
function claimedOrder(parameters: string): string | null {
  try {
    const decoded = JSON.parse(Buffer.from(parameters, "base64").toString("utf8")) as { Ds_Order?: unknown };
    return typeof decoded.Ds_Order === "string" ? decoded.Ds_Order.slice(0, 40) : null;
  } catch {
    return null;
  }
}

/** Leading zeros aside ("001" is terminal 1). */
function sameNumber(a: string | undefined, b: string): boolean {
  return a !== undefined && /^\d+$/.test(a) && Number(a) === Number(b);
}

function digits(value: string | undefined, field: string, reference: string): number {
  if (value === undefined || !/^\d{1,12}$/.test(value)) {
    throw new PaymentNotificationError(`malformed_${field}`, reference);
  }
  return Number(value);
}

/** What the log keeps of a notification: codes, never the card's number, expiry or token. */
function summaryOf(params: RestNotificationOutputParams) {
  return {
    order: params.Ds_Order,
    response: params.Ds_Response,
    amount: params.Ds_Amount,
    currency: params.Ds_Currency,
    transactionType: params.Ds_TransactionType,
    authorisationCode: params.Ds_AuthorisationCode ?? null,
    securePayment: params.Ds_SecurePayment ?? null,
    cardCountry: params.Ds_Card_Country ?? null,
    cardBrand: params.Ds_Card_Brand ?? null,
  };
}

/** Ds_Card_Brand's codes (Redsys's table of brands); an unknown code is kept as it came. */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  "1": "visa",
  "2": "mastercard",
  "6": "diners",
  "7": "private",
  "8": "amex",
  "9": "jcb",
  "22": "unionpay",
};

/**
 * The card as a tokenisation's notification describes it (docs/decisions/029): Ds_Card_Number comes
 * masked (454881******0004), Ds_ExpiryDate as YYMM. Only the last four digits are kept.
 */
function cardDetailsOf(params: RestNotificationOutputParams): CardDetails {
  const brandCode = params.Ds_Card_Brand === undefined ? undefined : String(params.Ds_Card_Brand);
  const last4 = /(\d{4})$/.exec(params.Ds_Card_Number ?? "")?.[1] ?? null;
  const expiry = /^(\d{2})(\d{2})$/.exec(params.Ds_ExpiryDate ?? "");
  const month = expiry === null ? null : Number(expiry[2]);
  const valid = month !== null && month >= 1 && month <= 12;
  return {
    brand: brandCode === undefined ? null : (CARD_BRANDS[brandCode] ?? brandCode),
    last4,
    expiryMonth: valid ? month : null,
    expiryYear: valid && expiry !== null ? 2000 + Number(expiry[1]) : null,
  };
}

export function createRedsysProvider(settings: RedsysSettings): PaymentProvider {
  const api = createRedsysAPI({ secretKey: settings.secretKey, urls: urlsOf(settings.gateway) });

  function verifiedParams(notification: PaymentNotification): RestNotificationOutputParams {
    const fields = signedFields(notification);
    try {
      return api.processRedirectNotification(fields);
    } catch (error) {
      const reference = claimedOrder(fields.Ds_MerchantParameters);
      if (error instanceof RedsysError && error.message === "Invalid signature") {
        throw new PaymentNotificationError("bad_signature", reference);
      }
      // Parameters that are not base64 JSON, an unknown signature version, no order.
      throw new PaymentNotificationError("malformed", reference);
    }
  }

  return {
    id: "redsys",
    // Redsys takes any amount above zero (Ds_Merchant_Amount in cents).
    minimumAmount: 1,

    async start(attempt) {
      const params: RedirectInputParams = {
        DS_MERCHANT_MERCHANTCODE: settings.merchantCode,
        DS_MERCHANT_TERMINAL: settings.terminal,
        DS_MERCHANT_TRANSACTIONTYPE: AUTHORISATION,
        DS_MERCHANT_ORDER: attempt.reference,
        DS_MERCHANT_AMOUNT: String(attempt.amount),
        DS_MERCHANT_CURRENCY: EURO,
        DS_MERCHANT_MERCHANTNAME: MERCHANT_NAME,
        DS_MERCHANT_PRODUCTDESCRIPTION: attempt.description.slice(0, 125),
        DS_MERCHANT_CONSUMERLANGUAGE: REDSYS_LANGUAGES[attempt.locale],
        DS_MERCHANT_MERCHANTURL: attempt.notifyUrl,
        DS_MERCHANT_URLOK: attempt.returnUrls.completed,
        DS_MERCHANT_URLKO: attempt.returnUrls.failed,
        // A subscription's first charge asks for a card reference (COF, recurring) for its renewals.
        ...(attempt.saveCard
          ? { DS_MERCHANT_IDENTIFIER: "REQUIRED", DS_MERCHANT_COF_INI: "S", DS_MERCHANT_COF_TYPE: "R" }
          : {}),
      };
      const form = api.createRedirectForm(params);
      return { method: "POST", url: form.url, fields: { ...form.body } };
    },

    async chargeOffSession(charge): Promise<OffSessionResult> {
      const { redsysIdentifier: identifier, redsysCofTxnid: txnid } = charge.card;
      const summary = { reference: charge.reference, amount: charge.amount };
      if (!identifier || !txnid) return { outcome: "declined", decline: "card_invalid", providerRef: null, summary };
      let params: Awaited<ReturnType<typeof api.restTrataPeticion>>;
      try {
        params = await api.restTrataPeticion(mitParams(settings, charge, { identifier, txnid }));
      } catch (error) {
        const code = error instanceof GatewayError ? String(error.code) : null;
        // A SIS error other than a repeated order number refused the operation before any charge: a
        // processing error, retried. A network error, or a repeat, leaves the outcome unknown.
        if (code !== null && code !== REPEATED_ORDER) {
          return {
            outcome: "declined",
            decline: "processing_error",
            providerRef: null,
            summary: { ...summary, error: code },
          };
        }
        const reason = code ?? (error instanceof Error ? error.message : "error");
        return { outcome: "unknown", summary: { ...summary, error: reason } };
      }
      const response = String(params.Ds_Response ?? "");
      const answered = { ...summary, response, authorisationCode: params.Ds_AuthorisationCode ?? null };
      if (!/^\d{1,4}$/.test(response)) return { outcome: "unknown", summary: answered };
      if (Number(response) <= 99) {
        return { outcome: "paid", providerRef: params.Ds_AuthorisationCode?.trim() || null, summary: answered };
      }
      const decline = REDSYS_DECLINES[String(Number(response))] ?? "unknown";
      return { outcome: "declined", decline, providerRef: null, summary: { ...answered, decline } };
    },

    async verify(notification) {
      const params = verifiedParams(notification);
      const reference = params.Ds_Order;
      if (params.Ds_MerchantCode !== settings.merchantCode || !sameNumber(params.Ds_Terminal, settings.terminal)) {
        throw new PaymentNotificationError("merchant_mismatch", reference);
      }
      const summary = summaryOf(params);
      // A refund's or a cancellation's echo decides no payment.
      if (params.Ds_TransactionType !== AUTHORISATION) return { outcome: "ignored", reference, summary };
      const response = digits(params.Ds_Response, "response", reference);
      const amount = digits(params.Ds_Amount, "amount", reference);
      // Only 0000 to 0099 mean authorised; every other code is a refusal or an error.
      const paid = response <= 99;
      const identifier = params.Ds_Merchant_Identifier;
      return {
        outcome: paid ? "paid" : "failed",
        reference,
        amount,
        currency: params.Ds_Currency === EURO ? "EUR" : String(params.Ds_Currency),
        providerRef: params.Ds_AuthorisationCode?.trim() || null,
        ...(paid && identifier !== undefined && identifier !== ""
          ? {
              savedCard: {
                token: identifier,
                reference: params.Ds_Merchant_Cof_Txnid ?? null,
                card: cardDetailsOf(params),
              },
            }
          : {}),
        summary,
      };
    },
  };
}
