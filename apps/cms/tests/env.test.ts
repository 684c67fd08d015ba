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
      ssl: { rejectUnauthorized: true },
    });
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
