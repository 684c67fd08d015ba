import { createCipheriv, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking Redsys's REST operation (trataPeticionREST) as its integration guide
 * describes it: a JSON body with Ds_SignatureVersion, Ds_MerchantParameters (base64 JSON) and
 * Ds_Signature (HMAC-SHA256 under the order's 3DES-derived key), answered in kind and signed the same
 * way. It checks the signature, refuses an order number it has seen (SIS0051, as Redsys does), and
 * keeps every request's parameters for the tests to read.
 */

/** 3DES-CBC (zero IV, zero padding) of the order under the terminal's key: the key of its signature. */
function orderKey(secretKey: string, order: string): Buffer {
  const message = Buffer.from(order, "utf8");
  const padded = Buffer.concat([message, Buffer.alloc((8 - (message.length % 8)) % 8)]);
  const cipher = createCipheriv("des-ede3-cbc", Buffer.from(secretKey, "base64"), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** Redsys's signature of parameters about one order: its answers', and its notifications' (as a test posts them). */
export function signatureOf(secretKey: string, order: string, parameters: string): Buffer {
  return createHmac("sha256", orderKey(secretKey, order)).update(parameters).digest();
}

export interface FakeRedsys {
  /** The stand-in's address, for REDSYS_GATEWAY / RedsysSettings.gateway. */
  url: string;
  /** Every signed request's parameters, in order. */
  requests: Record<string, string>[];
  /** The Ds_Response the next charges get (0000 authorised by default). */
  respondWith(code: string): void;
  close(): Promise<void>;
}

export async function startFakeRedsys({ secretKey }: { secretKey: string }): Promise<FakeRedsys> {
  const requests: Record<string, string>[] = [];
  const seenOrders = new Set<string>();
  let response = "0000";

  const server = http.createServer((request, reply) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const answer = (body: unknown) => {
        reply.writeHead(200, { "content-type": "application/json" });
        reply.end(JSON.stringify(body));
      };
      if (request.method !== "POST" || request.url !== "/sis/rest/trataPeticionREST") {
        reply.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, string>;
      const parameters = body.Ds_MerchantParameters ?? "";
      const params = JSON.parse(Buffer.from(parameters, "base64").toString("utf8")) as Record<string, string>;
      const order = params.DS_MERCHANT_ORDER ?? "";
      const given = Buffer.from(body.Ds_Signature ?? "", "base64");
      const expected = signatureOf(secretKey, order, parameters);
      // SIS0042: the signature does not hold.
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return answer({ errorCode: "SIS0042" });
      requests.push(params);
      if (seenOrders.has(order)) return answer({ errorCode: "SIS0051" });
      seenOrders.add(order);
      const out = Buffer.from(
        JSON.stringify({
          Ds_Amount: params.DS_MERCHANT_AMOUNT,
          Ds_Currency: params.DS_MERCHANT_CURRENCY,
          Ds_Order: order,
          Ds_MerchantCode: params.DS_MERCHANT_MERCHANTCODE,
          Ds_Terminal: params.DS_MERCHANT_TERMINAL,
          Ds_Response: response,
          Ds_AuthorisationCode: Number(response) <= 99 ? "123456" : "",
          Ds_TransactionType: params.DS_MERCHANT_TRANSACTIONTYPE,
          Ds_SecurePayment: "0",
          Ds_Language: "1",
          Ds_MerchantData: "",
          Ds_Card_Country: "724",
        }),
      ).toString("base64");
      answer({
        Ds_SignatureVersion: "HMAC_SHA256_V1",
        Ds_MerchantParameters: out,
        Ds_Signature: signatureOf(secretKey, order, out).toString("base64"),
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sis/realizarPago`,
    requests,
    respondWith(code) {
      response = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
