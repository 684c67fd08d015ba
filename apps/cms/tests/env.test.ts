import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_DIR, DEV_SECRETS, EnvError, parseEnv, REPO_ROOT } from "../src/env";

const productionSecrets = {
  APP_KEYS: "a2V5b25l,a2V5dHdv",
  API_TOKEN_SALT: "prod-api-token-salt-value",
  ADMIN_JWT_SECRET: "prod-admin-jwt-secret-value",
  TRANSFER_TOKEN_SALT: "prod-transfer-token-salt-value",
  JWT_SECRET: "prod-jwt-secret-value",
  ENCRYPTION_KEY: "prod-encryption-key-value",
  PROXY_SECRET: "prod-proxy-secret-value",
  GIFT_CARD_CODE_KEY: "prod-gift-card-code-key-of-32-chars-or-more",
  // The sandbox takes payments by default; its signing secret is required in production too.
  SANDBOX_PAYMENT_SECRET: "prod-sandbox-payment-secret-value-0123",
  // …and, in production, only when asked for by name (a staging site).
  PAYMENT_SANDBOX_IN_PRODUCTION: "true",
};

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseEnv", () => {
  it("gives a complete development configuration from an empty environment", () => {
    const env = parseEnv({});
    expect(env.nodeEnv).toBe("development");
    expect(env.host).toBe("0.0.0.0");
    expect(env.port).toBe(1337);
    expect(env.publicUrl).toBe("http://localhost:1337");
    expect(env.storefrontUrl).toBe("http://localhost:3000");
    expect(env.secrets.appKeys).toEqual(["devAppKeyOne==", "devAppKeyTwo=="]);
    expect(env.database).toEqual({ client: "sqlite", filename: path.join(APP_DIR, "data", "shop.db") });
    expect(env.email.smtp).toBeUndefined();
    expect(env.email.outboxDir).toBe(path.join(REPO_ROOT, "var", "outbox"));
    expect(env.demo).toEqual({
      enabled: true,
      email: "admin@demo.local",
      password: "DemoAdmin123!",
      printPassword: true,
    });
    expect(env.authRateLimits).toBe(true);
    expect(env.redisUrl).toBeUndefined();
    // No proxy is trusted to name the client, and staff can register the first admin on a laptop.
    expect(env.trustProxyHops).toBe(0);
    expect(env.adminRegistrationOpen).toBe(true);
  });

  it("turns the end-to-end job hook on only when asked, with its secret, and never in production", () => {
    const secret = "e2e-hook-secret-of-32-characters-x";
    expect(parseEnv({}).e2eJobHooks).toBe(false);
    expect(parseEnv({}).e2eHookSecret).toBeUndefined();
    expect(parseEnv({ E2E_JOB_HOOKS: "true", E2E_HOOK_SECRET: secret })).toMatchObject({
      e2eJobHooks: true,
      e2eHookSecret: secret,
    });
    // A secret without the hooks opens nothing.
    expect(parseEnv({ E2E_HOOK_SECRET: secret }).e2eHookSecret).toBeUndefined();
    expect(problemsOf({ E2E_JOB_HOOKS: "true" })).toEqual(["E2E_HOOK_SECRET is required when E2E_JOB_HOOKS=true"]);
    expect(problemsOf({ E2E_JOB_HOOKS: "true", E2E_HOOK_SECRET: "short" })).toEqual([
      "E2E_HOOK_SECRET must be at least 32 characters",
    ]);
    expect(
      problemsOf({ NODE_ENV: "production", ...productionSecrets, E2E_JOB_HOOKS: "true", E2E_HOOK_SECRET: secret }),
    ).toEqual(["E2E_JOB_HOOKS must not be set with NODE_ENV=production"]);
  });

  it("refuses the end-to-end hooks beside live payment keys, whatever NODE_ENV says", () => {
    const hooks = { E2E_JOB_HOOKS: "true", E2E_HOOK_SECRET: "e2e-hook-secret-of-32-characters-x" };
    const stripe = (key: string) => ({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: key,
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(problemsOf({ ...hooks, ...stripe("sk_live_abc") })).toEqual([
      "E2E_JOB_HOOKS must not be set with a live Stripe key (STRIPE_SECRET_KEY sk_live_… or rk_live_…)",
    ]);
    expect(problemsOf({ ...hooks, ...stripe("rk_live_abc") })).toHaveLength(1);
    expect(problemsOf({ ...hooks, ...stripe("sk_test_abc") })).toEqual([]);
    const redsys = (environment: string) => ({
      PAYMENT_PROVIDER: "redsys",
      REDSYS_MERCHANT_CODE: "999008881",
      REDSYS_SECRET_KEY: "sq7HjrUOBfKmC576ILgskD5srU870gJ7",
      REDSYS_ENVIRONMENT: environment,
    });
    expect(problemsOf({ ...hooks, ...redsys("production") })).toEqual([
      "E2E_JOB_HOOKS must not be set with REDSYS_ENVIRONMENT=production (live Redsys payments)",
    ]);
    expect(problemsOf({ ...hooks, ...redsys("test") })).toEqual([]);
  });

  it("keeps the first-admin registration closed in production unless an operator opens it", () => {
    expect(parseEnv({ NODE_ENV: "production", ...productionSecrets }).adminRegistrationOpen).toBe(false);
    expect(
      parseEnv({ NODE_ENV: "production", ...productionSecrets, ADMIN_REGISTRATION: "true" }).adminRegistrationOpen,
    ).toBe(true);
  });

  it("rejects production without secrets, naming each missing variable", () => {
    const problems = problemsOf({ NODE_ENV: "production" });
    for (const name of Object.keys(DEV_SECRETS)) {
      expect(problems).toContain(`${name} is required when NODE_ENV=production`);
    }
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/JWT_SECRET is required/);
  });

  it("rejects production with one missing secret or a development secret", () => {
    expect(problemsOf({ NODE_ENV: "production", ...productionSecrets, JWT_SECRET: "" })).toEqual([
      "JWT_SECRET is required when NODE_ENV=production",
    ]);
    expect(
      problemsOf({ NODE_ENV: "production", ...productionSecrets, ADMIN_JWT_SECRET: DEV_SECRETS.ADMIN_JWT_SECRET }),
    ).toEqual(["ADMIN_JWT_SECRET still has the development value; generate a real secret"]);
  });

  it("wants a gift card code key of at least 32 characters, its own (not JWT_SECRET)", () => {
    expect(problemsOf({ NODE_ENV: "production", ...productionSecrets, GIFT_CARD_CODE_KEY: "short-key" })).toEqual([
      "GIFT_CARD_CODE_KEY must be at least 32 characters",
    ]);
    expect(
      problemsOf({ NODE_ENV: "production", ...productionSecrets, GIFT_CARD_CODE_KEY: DEV_SECRETS.GIFT_CARD_CODE_KEY }),
    ).toEqual(["GIFT_CARD_CODE_KEY still has the development value; generate a real secret"]);
    expect(parseEnv({}).secrets.giftCardCodeKey).toBe(DEV_SECRETS.GIFT_CARD_CODE_KEY);
  });

  it("accepts production with secrets, and turns demo mode off there by default", () => {
    const env = parseEnv({ NODE_ENV: "production", ...productionSecrets });
    expect(env.isProduction).toBe(true);
    expect(env.secrets.appKeys).toEqual(["a2V5b25l", "a2V5dHdv"]);
    expect(env.demo.enabled).toBe(false);
  });

  it("never allows the well-known demo password in production", () => {
    expect(problemsOf({ NODE_ENV: "production", ...productionSecrets, DEMO_MODE: "true" })).toEqual([
      "DEMO_ADMIN_PASSWORD is required when DEMO_MODE=true and NODE_ENV=production",
    ]);
    const env = parseEnv({
      NODE_ENV: "production",
      ...productionSecrets,
      DEMO_MODE: "true",
      DEMO_ADMIN_PASSWORD: "Another-Pass-42",
    });
    expect(env.demo).toMatchObject({ enabled: true, printPassword: false });
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://shop@db:5432/shop",
      DATABASE_POOL_MIN: "1",
      DATABASE_POOL_MAX: "4",
      DATABASE_SSL: "true",
    });
    expect(env.database).toEqual({
      client: "postgres",
      url: "postgres://shop@db:5432/shop",
      poolMin: 1,
      poolMax: 4,
      // Below the storefront's 8 s for a CMS answer, so that it passes on the CMS's 503.
      waitMs: 5000,
      // A statement stuck behind a lock, or a transaction left open, cannot hold its connection for ever.
      statementTimeoutMs: 30_000,
      idleInTransactionMs: 60_000,
      ssl: { rejectUnauthorized: true },
    });
    expect(
      parseEnv({
        DATABASE_URL: "postgres://shop@db:5432/shop",
        DATABASE_STATEMENT_TIMEOUT_MS: "0",
        DATABASE_IDLE_IN_TRANSACTION_MS: "120000",
      }).database,
    ).toMatchObject({ statementTimeoutMs: 0, idleInTransactionMs: 120_000 });
    expect(problemsOf({ DATABASE_URL: "postgres://shop@db:5432/shop", DATABASE_STATEMENT_TIMEOUT_MS: "-1" })).toEqual([
      'DATABASE_STATEMENT_TIMEOUT_MS: expected an integer from 0 to 3600000, got "-1"',
    ]);
    expect(parseEnv({ DATABASE_URL: "postgres://shop@db:5432/shop", DATABASE_WAIT_MS: "2000" }).database).toMatchObject(
      {
        waitMs: 2000,
      },
    );
    expect(problemsOf({ DATABASE_URL: "mysql://db/shop" })).toEqual([
      "DATABASE_URL must be a postgres:// or postgresql:// URL",
    ]);
  });

  it("uses SMTP when SMTP_HOST is set", () => {
    const env = parseEnv({
      SMTP_HOST: "smtp.example.com",
      SMTP_PORT: "465",
      SMTP_SECURE: "true",
      SMTP_USER: "u",
      SMTP_PASS: "p",
    });
    expect(env.email.smtp).toEqual({
      host: "smtp.example.com",
      port: 465,
      secure: true,
      auth: { user: "u", pass: "p" },
    });
  });

  it("names malformed values", () => {
    const problems = problemsOf({ PORT: "http", DEMO_MODE: "maybe", PUBLIC_URL: "localhost:1337" });
    expect(problems.some((p) => p.startsWith("PORT:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("DEMO_MODE:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("PUBLIC_URL:"))).toBe(true);
    expect(problemsOf({ DEMO_ADMIN_PASSWORD: "alllowercase1" })).toEqual([
      "DEMO_ADMIN_PASSWORD must contain an upper case letter",
    ]);
  });

  it("offers Sign in with Apple only with a client id, against Apple's keys unless told otherwise", () => {
    expect(parseEnv({}).apple).toBeUndefined();
    expect(parseEnv({ APPLE_CLIENT_ID: "es.shop.web" }).apple).toEqual({
      clientId: "es.shop.web",
      jwksUrl: "https://appleid.apple.com/auth/keys",
      redirectUri: undefined,
    });
    expect(() => parseEnv({ APPLE_CLIENT_ID: "x", APPLE_JWKS_URL: "file:///etc/keys" })).toThrow(/APPLE_JWKS_URL/);
    expect(() => parseEnv({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL/);
  });

  it("derives the default PUBLIC_URL from PORT", () => {
    expect(parseEnv({ PORT: "1400" }).publicUrl).toBe("http://localhost:1400");
  });

  it("resolves relative paths from the CMS folder and trims trailing slashes of URLs", () => {
    const env = parseEnv({
      DATABASE_FILENAME: "tmp/x.db",
      MAIL_OUTBOX_DIR: "mail",
      PUBLIC_URL: "https://cms.example.com/",
    });
    expect(env.database).toEqual({ client: "sqlite", filename: path.join(APP_DIR, "tmp", "x.db") });
    expect(env.email.outboxDir).toBe(path.join(APP_DIR, "mail"));
    expect(env.publicUrl).toBe("https://cms.example.com");
  });
});

describe("social sign-in settings (docs/decisions/025)", () => {
  it("offers no provider without keys, and one only with both its id and its secret", () => {
    expect(parseEnv({}).social).toEqual({ google: undefined, microsoft: undefined, facebook: undefined });
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(() => parseEnv({ FACEBOOK_CLIENT_SECRET: "secret" })).toThrow(
      /FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET/,
    );
  });

  it("points at the real providers unless told otherwise", () => {
    const { social } = parseEnv({
      GOOGLE_CLIENT_ID: "g",
      GOOGLE_CLIENT_SECRET: "gs",
      GOOGLE_APP_CLIENT_IDS: " app-android , app-ios ,",
      MICROSOFT_CLIENT_ID: "m",
      MICROSOFT_CLIENT_SECRET: "ms",
      MICROSOFT_TENANT: "consumers",
      FACEBOOK_CLIENT_ID: "f",
      FACEBOOK_CLIENT_SECRET: "fs",
      FACEBOOK_TOKEN_URL: "http://127.0.0.1:9/token/",
    });
    expect(social.google).toMatchObject({
      clientId: "g",
      appClientIds: ["app-android", "app-ios"],
      authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      issuers: ["https://accounts.google.com", "accounts.google.com"],
    });
    expect(social.microsoft).toMatchObject({
      authorizationUrl: "https://login.microsoftonline.com/consumers/oauth2/v2.0/authorize",
      jwksUrl: "https://login.microsoftonline.com/consumers/discovery/v2.0/keys",
      issuers: ["https://login.microsoftonline.com/{tenantid}/v2.0"],
    });
    expect(social.facebook).toMatchObject({
      tokenUrl: "http://127.0.0.1:9/token",
      userinfoUrl: "https://graph.facebook.com/v21.0/me",
    });
    expect(() => parseEnv({ MICROSOFT_TENANT: "../evil" })).toThrow(/MICROSOFT_TENANT/);
    expect(() => parseEnv({ GOOGLE_TOKEN_URL: "ftp://x" })).toThrow(/GOOGLE_TOKEN_URL/);
  });
});
