import { describe, expect, it } from "vitest";
import { DEV_SANDBOX_PAYMENT_SECRET, EnvError, parseEnv } from "../src/env";

// The payment variables of src/env.ts: a bad configuration stops the CMS with the variable's name.

const productionSecrets = {
  NODE_ENV: "production",
  APP_KEYS: "a2V5b25l,a2V5dHdv",
  API_TOKEN_SALT: "prod-api-token-salt-value",
  ADMIN_JWT_SECRET: "prod-admin-jwt-secret-value",
  TRANSFER_TOKEN_SALT: "prod-transfer-token-salt-value",
  JWT_SECRET: "prod-jwt-secret-value",
  ENCRYPTION_KEY: "prod-encryption-key-value",
  GIFT_CARD_CODE_KEY: "prod-gift-card-code-key-of-32-chars-or-more",
  PROXY_SECRET: "prod-proxy-secret-value",
};

// Redsys's public test terminal (the values of its integration guide).
const REDSYS = {
  REDSYS_MERCHANT_CODE: "999008881",
  REDSYS_SECRET_KEY: "sq7HjrUOBfKmC576ILgskD5srU870gJ7",
};

const STRIPE = { STRIPE_SECRET_KEY: "sk_test_51abcDEF", STRIPE_WEBHOOK_SECRET: "whsec_test123" };

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("payment settings", () => {
  it("take payments on the sandbox page by default, signed with a fixed development secret", () => {
    const { payments } = parseEnv({});
    expect(payments).toEqual({
      provider: "sandbox",
      sandboxSecret: DEV_SANDBOX_PAYMENT_SECRET,
      redsys: undefined,
      stripe: undefined,
    });
    // Every process of a development setup signs and checks with the same value.
    expect(parseEnv({}).payments.sandboxSecret).toBe(parseEnv({}).payments.sandboxSecret);
  });

  it("refuse the sandbox in production, chosen or by default, unless asked for by name (staging)", () => {
    const secret = "b".repeat(40);
    const refusal =
      "PAYMENT_PROVIDER is sandbox (the default) with NODE_ENV=production: choose redsys or stripe, or set PAYMENT_SANDBOX_IN_PRODUCTION=true for a staging site that must not charge";
    expect(problemsOf({ ...productionSecrets, SANDBOX_PAYMENT_SECRET: secret })).toEqual([refusal]);
    expect(problemsOf({ ...productionSecrets, PAYMENT_PROVIDER: "sandbox", SANDBOX_PAYMENT_SECRET: secret })).toEqual([
      refusal,
    ]);
    expect(
      problemsOf({ ...productionSecrets, SANDBOX_PAYMENT_SECRET: secret, PAYMENT_SANDBOX_IN_PRODUCTION: "false" }),
    ).toEqual([refusal]);
    const staging = { ...productionSecrets, SANDBOX_PAYMENT_SECRET: secret, PAYMENT_SANDBOX_IN_PRODUCTION: "true" };
    expect(parseEnv(staging).payments.provider).toBe("sandbox");
    // Outside production the sandbox needs no opt-in.
    expect(parseEnv({ NODE_ENV: "test" }).payments.provider).toBe("sandbox");
  });

  it("require a real sandbox secret in production while the sandbox takes payments", () => {
    const staging = { ...productionSecrets, PAYMENT_SANDBOX_IN_PRODUCTION: "true" };
    expect(problemsOf(staging)).toEqual([
      "SANDBOX_PAYMENT_SECRET is required when PAYMENT_PROVIDER=sandbox and NODE_ENV=production",
    ]);
    expect(problemsOf({ ...staging, SANDBOX_PAYMENT_SECRET: DEV_SANDBOX_PAYMENT_SECRET })).toEqual([
      "SANDBOX_PAYMENT_SECRET still has the development value; generate a real secret",
    ]);
    expect(problemsOf({ ...staging, SANDBOX_PAYMENT_SECRET: "short" })).toEqual([
      "SANDBOX_PAYMENT_SECRET must be at least 32 characters",
    ]);
    const secret = "b".repeat(40);
    expect(parseEnv({ ...staging, SANDBOX_PAYMENT_SECRET: secret }).payments.sandboxSecret).toBe(secret);
    // With a real gateway in production the sandbox page is off, and needs no secret.
    expect(problemsOf({ ...productionSecrets, PAYMENT_PROVIDER: "redsys", ...REDSYS })).toEqual([]);
  });

  it("refuse an unknown provider", () => {
    expect(problemsOf({ PAYMENT_PROVIDER: "paypal" }).some((p) => p.startsWith("PAYMENT_PROVIDER:"))).toBe(true);
  });

  it("stop a Redsys configuration without its key or merchant, naming each", () => {
    expect(problemsOf({ PAYMENT_PROVIDER: "redsys" })).toEqual([
      "REDSYS_MERCHANT_CODE is required to take payments with Redsys",
      "REDSYS_SECRET_KEY is required to take payments with Redsys",
    ]);
    expect(
      problemsOf({
        PAYMENT_PROVIDER: "redsys",
        REDSYS_MERCHANT_CODE: "ABC",
        REDSYS_SECRET_KEY: "not-a-key",
        REDSYS_TERMINAL: "0001",
        REDSYS_ENVIRONMENT: "staging",
      }),
    ).toEqual([
      "REDSYS_MERCHANT_CODE must be the merchant's number (up to 9 digits)",
      "REDSYS_SECRET_KEY must be the terminal's SHA-256 key (32 base64 characters)",
      "REDSYS_TERMINAL must be the terminal's number (1 to 3 digits)",
      'REDSYS_ENVIRONMENT must be test, production or the http(s) URL of the payment form, got "staging"',
    ]);
  });

  it("point Redsys at its test gateway in development and its real one in production, unless told", () => {
    expect(parseEnv({ PAYMENT_PROVIDER: "redsys", ...REDSYS }).payments.redsys).toEqual({
      merchantCode: "999008881",
      terminal: "1",
      secretKey: REDSYS.REDSYS_SECRET_KEY,
      gateway: "test",
    });
    const production = parseEnv({ ...productionSecrets, PAYMENT_PROVIDER: "redsys", ...REDSYS });
    expect(production.payments.redsys?.gateway).toBe("production");
    const local = parseEnv({ ...REDSYS, PAYMENT_PROVIDER: "redsys", REDSYS_ENVIRONMENT: "http://127.0.0.1:9/pay/" });
    expect(local.payments.redsys?.gateway).toBe("http://127.0.0.1:9/pay");
  });

  it("keep Redsys's notifications working after a switch of provider while its keys are set", () => {
    const env = parseEnv({ PAYMENT_PROVIDER: "stripe", ...STRIPE, ...REDSYS });
    expect(env.payments.provider).toBe("stripe");
    expect(env.payments.redsys?.merchantCode).toBe("999008881");
    // Half a configuration is a mistake even when the provider is not the chosen one.
    expect(problemsOf({ REDSYS_MERCHANT_CODE: "999008881" })).toEqual([
      "REDSYS_SECRET_KEY is required to take payments with Redsys",
    ]);
  });

  it("stop a Stripe configuration without its keys, or with keys of the wrong kind", () => {
    expect(problemsOf({ PAYMENT_PROVIDER: "stripe" })).toEqual([
      "STRIPE_SECRET_KEY is required to take payments with Stripe",
      "STRIPE_WEBHOOK_SECRET is required to take payments with Stripe (the endpoint's signing secret)",
    ]);
    expect(
      problemsOf({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "pk_test_123", STRIPE_WEBHOOK_SECRET: "secret" }),
    ).toEqual([
      "STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…)",
      "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)",
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER: "stripe", ...STRIPE, STRIPE_API_URL: "ftp://x" })).toHaveLength(1);
    expect(
      parseEnv({ PAYMENT_PROVIDER: "stripe", ...STRIPE, STRIPE_API_URL: "http://127.0.0.1:12111" }).payments,
    ).toMatchObject({
      provider: "stripe",
      stripe: { secretKey: "sk_test_51abcDEF", webhookSecret: "whsec_test123", apiUrl: "http://127.0.0.1:12111" },
    });
  });
});
