import fs from "node:fs";
import path from "node:path";
import {
  CMS_REQUEST_TIMEOUT_MS,
  defaultCmsPublicUrl,
  DEV_PROXY_SECRET,
  HEADERS_TIMEOUT_MS,
  httpLimitsProblem,
  KEEP_ALIVE_TIMEOUT_MS,
  MIN_PROXY_SECRET_LENGTH,
} from "@shop/contracts";
import { DEFAULT_LOCALE, LOCALES } from "@shop/domain";
import { z } from "zod";

/**
 * The CMS environment, validated once. Config files (config/*.ts) and src/ call `getEnv()` instead
 * of reading `process.env`, so a bad value fails the boot with one message naming the variable.
 */

// The app folder (apps/cms) is the nearest ancestor with a package.json: this file runs both from
// src/ (tests, typecheck) and from dist/src/ (after `strapi build`).
function findAppDir(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return start;
    dir = parent;
  }
  return dir;
}

export const APP_DIR = findAppDir(__dirname);
export const REPO_ROOT = path.resolve(APP_DIR, "..", "..");

/** Dev-only secrets: fine on a laptop, rejected in production so they never leak into a deploy. */
export const DEV_SECRETS = {
  APP_KEYS: "devAppKeyOne==,devAppKeyTwo==",
  API_TOKEN_SALT: "dev-api-token-salt",
  ADMIN_JWT_SECRET: "dev-admin-jwt-secret",
  TRANSFER_TOKEN_SALT: "dev-transfer-token-salt",
  JWT_SECRET: "dev-jwt-secret",
  ENCRYPTION_KEY: "dev-encryption-key",
  // Shared with the storefront (its PROXY_SECRET): vouches for the visitor address it passes on.
  PROXY_SECRET: DEV_PROXY_SECRET,
  // Gift card codes' lookup hash and sealed copy (src/gift-cards/code-key.ts): its own key, so that
  // rotating JWT_SECRET after a leak leaves every issued card findable. Rotating it voids every code.
  GIFT_CARD_CODE_KEY: "dev-gift-card-code-key-not-for-production",
} as const;

/** The shortest GIFT_CARD_CODE_KEY accepted: 32 characters, a 256-bit key's worth of random text. */
export const MIN_GIFT_CARD_CODE_KEY_LENGTH = 32;

type SecretName = keyof typeof DEV_SECRETS;
const SECRET_NAMES = Object.keys(DEV_SECRETS) as SecretName[];

const DEFAULT_DEMO_PASSWORD = "DemoAdmin123!";

/**
 * Signs the sandbox payment page's notifications (src/payments/sandbox.ts). A fixed value rather
 * than one drawn per process: a page served by one CMS process may be answered by another. Refused
 * in production, like the other development secrets.
 */
export const DEV_SANDBOX_PAYMENT_SECRET = "dev-sandbox-payment-secret-not-for-production";

export const PAYMENT_PROVIDERS = ["sandbox", "redsys", "stripe"] as const;

// Env values are strings; "" is treated as unset so `FOO=` in a .env file means "use the default".
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const boolString = (fallback: boolean | undefined) =>
  optionalString.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const normalized = value.toLowerCase();
    if (["true", "1", "yes", "on"].includes(normalized)) return true;
    if (["false", "0", "no", "off"].includes(normalized)) return false;
    ctx.addIssue({ code: "custom", message: `expected true or false, got "${value}"` });
    return z.NEVER;
  });

const intString = (fallback: number, min: number, max: number) =>
  optionalString.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      ctx.addIssue({ code: "custom", message: `expected an integer from ${min} to ${max}, got "${value}"` });
      return z.NEVER;
    }
    return parsed;
  });

/** The URL without trailing slashes (so `${url}/admin` is well formed), or undefined if not http(s). */
function normalizeHttpUrl(raw: string): string | undefined {
  try {
    const { protocol } = new URL(raw);
    if (protocol !== "http:" && protocol !== "https:") return undefined;
  } catch {
    return undefined;
  }
  return raw.replace(/\/+$/, "");
}

const urlString = optionalString.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const url = normalizeHttpUrl(value);
  if (url === undefined) {
    ctx.addIssue({ code: "custom", message: `expected an http(s) URL, got "${value}"` });
    return z.NEVER;
  }
  return url;
});

/**
 * How long a request may wait for a database connection (DATABASE_WAIT_MS). Knex's own default is
 * 60 s: with PostgreSQL restarting, a request then waited a minute, long after the storefront (which
 * gives the CMS 8 s, its CMS_TIMEOUT_MS) had given up. 5 s leaves the storefront time to pass on the
 * CMS's 503 instead of its own timeout.
 */
const DATABASE_WAIT_DEFAULT_MS = 5_000;

/**
 * The longest one SQL statement may run, waiting for locks included (DATABASE_STATEMENT_TIMEOUT_MS;
 * 0 = no limit). Without it a statement stuck behind a lock that a hung transaction holds waits for
 * ever, and so do its request and its pool connection: a few of those and every request waits for a
 * connection. 30 s is far above any statement the shop runs (a renewal run is many small ones; a
 * request's whole budget is the storefront's 8 s), and leaves a migration at boot its time.
 */
const DATABASE_STATEMENT_TIMEOUT_DEFAULT_MS = 30_000;

/**
 * How long a session may sit in an open transaction doing nothing before PostgreSQL ends it
 * (DATABASE_IDLE_IN_TRANSACTION_MS; 0 = no limit): a process frozen or partitioned mid-transaction
 * would otherwise hold its row locks (an order's, a slot's) until someone kills it. Gateways are
 * asked outside transactions (decision 031); the longest wait inside one is Stripe's 20 s timeout.
 */
const DATABASE_IDLE_IN_TRANSACTION_DEFAULT_MS = 60_000;

const rawSchema = z.object({
  NODE_ENV: optionalString.pipe(z.enum(["development", "test", "production"]).default("development")),
  HOST: optionalString.transform((v) => v ?? "0.0.0.0"),
  PORT: intString(1337, 0, 65535),
  HTTP_HEADERS_TIMEOUT_MS: intString(HEADERS_TIMEOUT_MS, 50, 600_000),
  HTTP_REQUEST_TIMEOUT_MS: intString(CMS_REQUEST_TIMEOUT_MS, 50, 600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: intString(KEEP_ALIVE_TIMEOUT_MS, 50, 600_000),
  PUBLIC_URL: urlString,
  STOREFRONT_URL: urlString,

  APP_KEYS: optionalString,
  API_TOKEN_SALT: optionalString,
  ADMIN_JWT_SECRET: optionalString,
  TRANSFER_TOKEN_SALT: optionalString,
  JWT_SECRET: optionalString,
  ENCRYPTION_KEY: optionalString,
  PROXY_SECRET: optionalString,
  GIFT_CARD_CODE_KEY: optionalString,
  TRUST_PROXY_HOPS: intString(0, 0, 10),
  ADMIN_REGISTRATION: boolString(undefined),
  FORM_SUBMISSIONS_PER_HOUR: intString(10, 1, 100_000),

  DATABASE_URL: optionalString,
  DATABASE_POOL_MIN: intString(0, 0, 100),
  DATABASE_POOL_MAX: intString(10, 1, 200),
  DATABASE_WAIT_MS: intString(DATABASE_WAIT_DEFAULT_MS, 100, 60_000),
  DATABASE_STATEMENT_TIMEOUT_MS: intString(DATABASE_STATEMENT_TIMEOUT_DEFAULT_MS, 0, 3_600_000),
  DATABASE_IDLE_IN_TRANSACTION_MS: intString(DATABASE_IDLE_IN_TRANSACTION_DEFAULT_MS, 0, 3_600_000),
  DATABASE_SSL: boolString(false),
  DATABASE_SSL_REJECT_UNAUTHORIZED: boolString(true),
  DATABASE_FILENAME: optionalString,
  PUBLIC_DIR: optionalString,

  SMTP_HOST: optionalString,
  SMTP_PORT: intString(587, 1, 65535),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_SECURE: boolString(false),
  EMAIL_FROM: optionalString.transform((v) => v ?? "Imperfecta <hola@demo.local>"),
  EMAIL_REPLY_TO: optionalString.transform((v) => v ?? "hola@demo.local"),
  MAIL_OUTBOX_DIR: optionalString,

  DEMO_MODE: boolString(undefined),
  DEMO_ADMIN_EMAIL: optionalString.pipe(z.email().default("admin@demo.local")),
  DEMO_ADMIN_PASSWORD: optionalString,
  SEED_DEMO_DATA: boolString(undefined),
  STAFF_EMAIL: optionalString.pipe(z.email().optional()),
  STAFF_LOCALE: optionalString.pipe(z.enum(LOCALES).default(DEFAULT_LOCALE)),

  USERS_PERMISSIONS_RATELIMIT: boolString(true),
  REDIS_URL: optionalString,
  APPLE_CLIENT_ID: optionalString,
  APPLE_JWKS_URL: urlString,
  APPLE_REDIRECT_URI: urlString,
  // Google, Facebook and Microsoft (src/accounts/social/, docs/decisions/025): keys, and the provider's
  // addresses, which default to the real provider's and are overridden only to reach a local fake.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_APP_CLIENT_IDS: optionalString,
  GOOGLE_AUTHORIZATION_URL: urlString,
  GOOGLE_TOKEN_URL: urlString,
  GOOGLE_JWKS_URL: urlString,
  GOOGLE_ISSUER: urlString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_APP_CLIENT_IDS: optionalString,
  MICROSOFT_TENANT: optionalString.pipe(
    z
      .string()
      .regex(/^[\w.-]{1,64}$/, "expected common, organizations, consumers, a tenant id or a domain")
      .default("common"),
  ),
  MICROSOFT_AUTHORIZATION_URL: urlString,
  MICROSOFT_TOKEN_URL: urlString,
  MICROSOFT_JWKS_URL: urlString,
  MICROSOFT_ISSUER: urlString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  FACEBOOK_AUTHORIZATION_URL: urlString,
  FACEBOOK_TOKEN_URL: urlString,
  FACEBOOK_USERINFO_URL: urlString,
  PAYMENT_PROVIDER: optionalString.pipe(z.enum(PAYMENT_PROVIDERS).default("sandbox")),
  SANDBOX_PAYMENT_SECRET: optionalString,
  PAYMENT_SANDBOX_IN_PRODUCTION: boolString(false),
  REDSYS_MERCHANT_CODE: optionalString,
  REDSYS_TERMINAL: optionalString,
  REDSYS_SECRET_KEY: optionalString,
  REDSYS_ENVIRONMENT: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: urlString,
  ORDER_PAYMENT_TTL_MINUTES: intString(30, 5, 24 * 60),
  E2E_JOB_HOOKS: boolString(false),
  E2E_HOOK_SECRET: optionalString,
  LOG_LEVEL: optionalString.pipe(
    z.enum(["error", "warn", "info", "http", "verbose", "debug", "silly"]).default("http"),
  ),
});

// Strapi's own rules for admin passwords (8-72 chars, a lower case letter, an upper case letter, a digit).
function adminPasswordProblem(password: string): string | undefined {
  if (password.length < 8) return "must be at least 8 characters";
  if (Buffer.byteLength(password) > 72) return "must be at most 72 bytes";
  if (!/[a-z]/.test(password)) return "must contain a lower case letter";
  if (!/[A-Z]/.test(password)) return "must contain an upper case letter";
  if (!/\d/.test(password)) return "must contain a number";
  return undefined;
}

type RawEnv = z.output<typeof rawSchema>;

const MIN_SANDBOX_SECRET_LENGTH = 32;

/** The sandbox page's signing secret: required in production when the sandbox takes the payments. */
function sandboxSecret(raw: RawEnv, isProduction: boolean, problems: string[]): string {
  const secret = raw.SANDBOX_PAYMENT_SECRET;
  if (isProduction && raw.PAYMENT_PROVIDER === "sandbox") {
    if (secret === undefined) {
      problems.push("SANDBOX_PAYMENT_SECRET is required when PAYMENT_PROVIDER=sandbox and NODE_ENV=production");
    } else if (secret === DEV_SANDBOX_PAYMENT_SECRET) {
      problems.push("SANDBOX_PAYMENT_SECRET still has the development value; generate a real secret");
    }
  }
  if (secret !== undefined && secret.length < MIN_SANDBOX_SECRET_LENGTH) {
    problems.push(`SANDBOX_PAYMENT_SECRET must be at least ${MIN_SANDBOX_SECRET_LENGTH} characters`);
  }
  return secret ?? DEV_SANDBOX_PAYMENT_SECRET;
}

/**
 * Redsys, when chosen or when its keys are set (notifications of payments started before a switch
 * of provider still arrive). The secret key is the terminal's SHA-256 key from the Redsys panel:
 * 24 bytes in base64, the 3DES key every signature is derived from.
 */
function redsysSettings(raw: RawEnv, isProduction: boolean, problems: string[]) {
  const chosen = raw.PAYMENT_PROVIDER === "redsys";
  if (!chosen && raw.REDSYS_MERCHANT_CODE === undefined && raw.REDSYS_SECRET_KEY === undefined) return undefined;
  const before = problems.length;
  const merchantCode = raw.REDSYS_MERCHANT_CODE;
  const secretKey = raw.REDSYS_SECRET_KEY;
  const terminal = raw.REDSYS_TERMINAL ?? "1";
  if (merchantCode === undefined) {
    problems.push("REDSYS_MERCHANT_CODE is required to take payments with Redsys");
  } else if (!/^\d{1,9}$/.test(merchantCode)) {
    problems.push("REDSYS_MERCHANT_CODE must be the merchant's number (up to 9 digits)");
  }
  if (secretKey === undefined) {
    problems.push("REDSYS_SECRET_KEY is required to take payments with Redsys");
  } else if (!/^[A-Za-z0-9+/]{32}$/.test(secretKey)) {
    problems.push("REDSYS_SECRET_KEY must be the terminal's SHA-256 key (32 base64 characters)");
  }
  if (!/^\d{1,3}$/.test(terminal)) problems.push("REDSYS_TERMINAL must be the terminal's number (1 to 3 digits)");
  const environment = raw.REDSYS_ENVIRONMENT ?? (isProduction ? "production" : "test");
  const gateway = environment === "test" || environment === "production" ? environment : normalizeHttpUrl(environment);
  if (gateway === undefined) {
    problems.push(
      `REDSYS_ENVIRONMENT must be test, production or the http(s) URL of the payment form, got "${environment}"`,
    );
  }
  if (problems.length > before || merchantCode === undefined || secretKey === undefined || gateway === undefined) {
    return undefined;
  }
  return { merchantCode, terminal, secretKey, gateway };
}

/** Stripe, when chosen or when its keys are set; STRIPE_API_URL points the SDK elsewhere (tests' fake server). */
function stripeSettings(raw: RawEnv, problems: string[]) {
  const chosen = raw.PAYMENT_PROVIDER === "stripe";
  if (!chosen && raw.STRIPE_SECRET_KEY === undefined && raw.STRIPE_WEBHOOK_SECRET === undefined) return undefined;
  const before = problems.length;
  const secretKey = raw.STRIPE_SECRET_KEY;
  const webhookSecret = raw.STRIPE_WEBHOOK_SECRET;
  if (secretKey === undefined) {
    problems.push("STRIPE_SECRET_KEY is required to take payments with Stripe");
  } else if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) {
    problems.push("STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…)");
  }
  if (webhookSecret === undefined) {
    problems.push("STRIPE_WEBHOOK_SECRET is required to take payments with Stripe (the endpoint's signing secret)");
  } else if (!webhookSecret.startsWith("whsec_")) {
    problems.push("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)");
  }
  if (problems.length > before || secretKey === undefined || webhookSecret === undefined) return undefined;
  return { secretKey, webhookSecret, apiUrl: raw.STRIPE_API_URL };
}

/** The client ids of the company's app, whose ID tokens the native sign-in hooks hand over (comma-separated). */
function clientIds(list: string | undefined): string[] {
  return (list ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
}

/** One provider's keys: both or neither (an id without its secret could not finish a sign-in). */
function providerKeys(raw: RawEnv, prefix: "GOOGLE" | "MICROSOFT" | "FACEBOOK", problems: string[]) {
  const clientId = raw[`${prefix}_CLIENT_ID`];
  const clientSecret = raw[`${prefix}_CLIENT_SECRET`];
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined || clientSecret === undefined) {
    problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET are set together, or neither`);
    return undefined;
  }
  return { clientId, clientSecret };
}

/**
 * Sign-in with Google, Microsoft and Facebook (docs/decisions/025): a provider is offered only when
 * its keys are set. Its addresses default to the real provider's; tests point them at a local fake.
 */
function socialSettings(raw: RawEnv, problems: string[]) {
  const google = providerKeys(raw, "GOOGLE", problems);
  const microsoft = providerKeys(raw, "MICROSOFT", problems);
  const facebook = providerKeys(raw, "FACEBOOK", problems);
  const tenant = raw.MICROSOFT_TENANT;
  const microsoftLogin = `https://login.microsoftonline.com/${tenant}`;
  return {
    google: google && {
      ...google,
      appClientIds: clientIds(raw.GOOGLE_APP_CLIENT_IDS),
      authorizationUrl: raw.GOOGLE_AUTHORIZATION_URL ?? "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: raw.GOOGLE_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
      jwksUrl: raw.GOOGLE_JWKS_URL ?? "https://www.googleapis.com/oauth2/v3/certs",
      // Google signs with either spelling of its issuer (its OpenID Connect guide says so).
      issuers: raw.GOOGLE_ISSUER ? [raw.GOOGLE_ISSUER] : ["https://accounts.google.com", "accounts.google.com"],
    },
    microsoft: microsoft && {
      ...microsoft,
      appClientIds: clientIds(raw.MICROSOFT_APP_CLIENT_IDS),
      authorizationUrl: raw.MICROSOFT_AUTHORIZATION_URL ?? `${microsoftLogin}/oauth2/v2.0/authorize`,
      tokenUrl: raw.MICROSOFT_TOKEN_URL ?? `${microsoftLogin}/oauth2/v2.0/token`,
      jwksUrl: raw.MICROSOFT_JWKS_URL ?? `${microsoftLogin}/discovery/v2.0/keys`,
      // Multi-tenant: the issuer names the customer's own tenant, `{tenantid}` stands for the token's tid.
      issuers: [raw.MICROSOFT_ISSUER ?? "https://login.microsoftonline.com/{tenantid}/v2.0"],
    },
    facebook: facebook && {
      ...facebook,
      authorizationUrl: raw.FACEBOOK_AUTHORIZATION_URL ?? "https://www.facebook.com/v21.0/dialog/oauth",
      tokenUrl: raw.FACEBOOK_TOKEN_URL ?? "https://graph.facebook.com/v21.0/oauth/access_token",
      userinfoUrl: raw.FACEBOOK_USERINFO_URL ?? "https://graph.facebook.com/v21.0/me",
    },
  };
}

function paymentSettings(raw: RawEnv, isProduction: boolean, problems: string[]) {
  // The sandbox approves any payment for whoever clicks: a production shop on it (a forgotten
  // variable, as it is the default) would hand out orders for free. Staging asks for it by name.
  if (isProduction && raw.PAYMENT_PROVIDER === "sandbox" && !raw.PAYMENT_SANDBOX_IN_PRODUCTION) {
    problems.push(
      "PAYMENT_PROVIDER is sandbox (the default) with NODE_ENV=production: choose redsys or stripe, or set PAYMENT_SANDBOX_IN_PRODUCTION=true for a staging site that must not charge",
    );
  }
  return {
    provider: raw.PAYMENT_PROVIDER,
    sandboxSecret: sandboxSecret(raw, isProduction, problems),
    redsys: redsysSettings(raw, isProduction, problems),
    stripe: stripeSettings(raw, problems),
  };
}

const MIN_E2E_HOOK_SECRET_LENGTH = 32;

/**
 * The end-to-end tests' hooks run the scheduled jobs at a time the caller names and issue paid gift
 * cards (docs/decisions/043): never on a shop that takes real money, and never without the secret
 * the tests send (E2E_HOOK_SECRET, the `X-E2E-Hook-Secret` header), so that a test machine's open
 * port is not an open door either.
 */
function e2eHookProblems(
  raw: RawEnv,
  { isProduction, payments }: { isProduction: boolean; payments: ReturnType<typeof paymentSettings> },
  problems: string[],
): void {
  if (!raw.E2E_JOB_HOOKS) return;
  if (isProduction) problems.push("E2E_JOB_HOOKS must not be set with NODE_ENV=production");
  if (payments.stripe !== undefined && /^(sk|rk)_live_/.test(payments.stripe.secretKey)) {
    problems.push("E2E_JOB_HOOKS must not be set with a live Stripe key (STRIPE_SECRET_KEY sk_live_… or rk_live_…)");
  }
  if (payments.redsys?.gateway === "production") {
    problems.push("E2E_JOB_HOOKS must not be set with REDSYS_ENVIRONMENT=production (live Redsys payments)");
  }
  const secret = raw.E2E_HOOK_SECRET;
  if (secret === undefined) {
    problems.push("E2E_HOOK_SECRET is required when E2E_JOB_HOOKS=true");
  } else if (secret.length < MIN_E2E_HOOK_SECRET_LENGTH) {
    problems.push(`E2E_HOOK_SECRET must be at least ${MIN_E2E_HOOK_SECRET_LENGTH} characters`);
  }
}

export type Env = ReturnType<typeof parseEnv>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid CMS environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Pure: validates a process.env-like object. Throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>) {
  const result = rawSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const raw = result.data;
  const isProduction = raw.NODE_ENV === "production";
  const problems: string[] = [];

  const secrets = {} as Record<SecretName, string>;
  for (const name of SECRET_NAMES) {
    const value = raw[name];
    if (isProduction && value === undefined) {
      problems.push(`${name} is required when NODE_ENV=production`);
    } else if (isProduction && value === DEV_SECRETS[name]) {
      problems.push(`${name} still has the development value; generate a real secret`);
    }
    secrets[name] = value ?? DEV_SECRETS[name];
  }
  if (secrets.GIFT_CARD_CODE_KEY.length < MIN_GIFT_CARD_CODE_KEY_LENGTH) {
    problems.push(`GIFT_CARD_CODE_KEY must be at least ${MIN_GIFT_CARD_CODE_KEY_LENGTH} characters`);
  }
  if (secrets.PROXY_SECRET.length < MIN_PROXY_SECRET_LENGTH) {
    problems.push(`PROXY_SECRET must be at least ${MIN_PROXY_SECRET_LENGTH} characters`);
  }
  const appKeys = secrets.APP_KEYS.split(",")
    .map((key) => key.trim())
    .filter((key) => key !== "");
  if (appKeys.length === 0) problems.push("APP_KEYS must list at least one key (comma-separated)");

  if (raw.DATABASE_URL !== undefined && !/^postgres(ql)?:\/\//.test(raw.DATABASE_URL)) {
    problems.push("DATABASE_URL must be a postgres:// or postgresql:// URL");
  }
  if (raw.DATABASE_POOL_MIN > raw.DATABASE_POOL_MAX) {
    problems.push("DATABASE_POOL_MIN must not be greater than DATABASE_POOL_MAX");
  }

  const demoMode = raw.DEMO_MODE ?? !isProduction;
  // A well-known password must never guard a production admin panel.
  if (demoMode && isProduction && raw.DEMO_ADMIN_PASSWORD === undefined) {
    problems.push("DEMO_ADMIN_PASSWORD is required when DEMO_MODE=true and NODE_ENV=production");
  }
  const demoPassword = raw.DEMO_ADMIN_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
  const passwordProblem = adminPasswordProblem(demoPassword);
  if (demoMode && passwordProblem) problems.push(`DEMO_ADMIN_PASSWORD ${passwordProblem}`);

  if (raw.REDIS_URL !== undefined && !/^rediss?:\/\//.test(raw.REDIS_URL)) {
    problems.push("REDIS_URL must be a redis:// or rediss:// URL");
  }

  if (raw.SMTP_HOST === undefined && (raw.SMTP_USER !== undefined || raw.SMTP_PASS !== undefined)) {
    problems.push("SMTP_USER/SMTP_PASS are set but SMTP_HOST is not");
  }

  const payments = paymentSettings(raw, isProduction, problems);
  e2eHookProblems(raw, { isProduction, payments }, problems);
  const social = socialSettings(raw, problems);

  const httpLimits = {
    headersTimeoutMs: raw.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: raw.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: raw.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
  const httpLimitsIssue = httpLimitsProblem(httpLimits);
  if (httpLimitsIssue) problems.push(httpLimitsIssue);

  if (problems.length > 0) throw new EnvError(problems);

  const databaseFilename = path.resolve(APP_DIR, raw.DATABASE_FILENAME ?? path.join("data", "shop.db"));
  // Uploads live in <publicDir>/uploads (the local upload provider); Strapi needs the folder to boot.
  const publicDir = path.resolve(APP_DIR, raw.PUBLIC_DIR ?? "public");
  fs.mkdirSync(path.join(publicDir, "uploads"), { recursive: true });

  return {
    nodeEnv: raw.NODE_ENV,
    isProduction,
    host: raw.HOST,
    port: raw.PORT,
    /**
     * How long a client may take for its headers and its whole request, and an idle connection may
     * stay (@shop/contracts http-limits.ts says why the figures; the request's two minutes are for
     * the admin panel's uploads).
     */
    httpLimits,
    // The storefront derives the same default from its CMS_URL, so the sandbox page it allows is this one.
    publicUrl: raw.PUBLIC_URL ?? defaultCmsPublicUrl(`http://127.0.0.1:${raw.PORT}`),
    storefrontUrl: raw.STOREFRONT_URL ?? "http://localhost:3000",
    publicDir,
    secrets: {
      appKeys,
      apiTokenSalt: secrets.API_TOKEN_SALT,
      adminJwtSecret: secrets.ADMIN_JWT_SECRET,
      transferTokenSalt: secrets.TRANSFER_TOKEN_SALT,
      jwtSecret: secrets.JWT_SECRET,
      encryptionKey: secrets.ENCRYPTION_KEY,
      proxySecret: secrets.PROXY_SECRET,
      giftCardCodeKey: secrets.GIFT_CARD_CODE_KEY,
    },
    /**
     * Proxies in front of the CMS (an internal load balancer, the staff VPN's proxy) that may say who
     * the client is through X-Forwarded-For, read from the right. None by default: then the TCP peer
     * is the client, and only the storefront, with the proxy secret, can name another address.
     */
    trustProxyHops: raw.TRUST_PROXY_HOPS,
    /**
     * Whether the admin panel's first-admin registration is open while no admin exists. Off in
     * production unless an operator asks (ADMIN_REGISTRATION=true): a fresh production database would
     * otherwise hand the panel to whoever finds it first.
     */
    adminRegistrationOpen: raw.ADMIN_REGISTRATION ?? !isProduction,
    /** Messages one client (IP address) may send per hour through each public form, per process. */
    formSubmissionsPerHour: raw.FORM_SUBMISSIONS_PER_HOUR,
    database:
      raw.DATABASE_URL !== undefined
        ? {
            client: "postgres" as const,
            url: raw.DATABASE_URL,
            poolMin: raw.DATABASE_POOL_MIN,
            poolMax: raw.DATABASE_POOL_MAX,
            /**
             * The longest a request waits for a connection (a free one from the pool, or a new one to
             * the server). Past it the request is answered 503 (src/http/database-unavailable.ts).
             */
            waitMs: raw.DATABASE_WAIT_MS,
            /** A statement running longer is cancelled by PostgreSQL and its request answered 503. */
            statementTimeoutMs: raw.DATABASE_STATEMENT_TIMEOUT_MS,
            /** A transaction left idle longer is ended by PostgreSQL, its locks freed. */
            idleInTransactionMs: raw.DATABASE_IDLE_IN_TRANSACTION_MS,
            ssl: raw.DATABASE_SSL ? { rejectUnauthorized: raw.DATABASE_SSL_REJECT_UNAUTHORIZED } : false,
          }
        : { client: "sqlite" as const, filename: databaseFilename },
    email: {
      smtp:
        raw.SMTP_HOST !== undefined
          ? {
              host: raw.SMTP_HOST,
              port: raw.SMTP_PORT,
              secure: raw.SMTP_SECURE,
              auth: raw.SMTP_USER !== undefined ? { user: raw.SMTP_USER, pass: raw.SMTP_PASS ?? "" } : undefined,
            }
          : undefined,
      from: raw.EMAIL_FROM,
      replyTo: raw.EMAIL_REPLY_TO,
      outboxDir:
        raw.MAIL_OUTBOX_DIR !== undefined
          ? path.resolve(APP_DIR, raw.MAIL_OUTBOX_DIR)
          : path.join(REPO_ROOT, "var", "outbox"),
    },
    /** Where contact messages and company leads are announced. */
    staffEmail: raw.STAFF_EMAIL ?? raw.EMAIL_REPLY_TO,
    /** The language of the mails staff receive (es, ca or pt). */
    staffLocale: raw.STAFF_LOCALE,
    /**
     * The end-to-end tests' hook (src/jobs/e2e-hooks.ts): POST /api/e2e/jobs/renew-subscriptions runs
     * the renewal job at the time the body names. Off unless E2E_JOB_HOOKS=true; refused in production.
     */
    e2eJobHooks: raw.E2E_JOB_HOOKS,
    /** The secret every call of those hooks carries in `X-E2E-Hook-Secret` (required with them). */
    e2eHookSecret: raw.E2E_JOB_HOOKS ? raw.E2E_HOOK_SECRET : undefined,
    /** Seed the demo catalogue on a fresh database (default: on in demo mode). */
    seedDemoData: raw.SEED_DEMO_DATA ?? demoMode,
    demo: {
      enabled: demoMode,
      email: raw.DEMO_ADMIN_EMAIL.toLowerCase(),
      password: demoPassword,
      // Printing a password into production logs would leak it to every log reader.
      printPassword: !isProduction,
    },
    /**
     * The allowances of the sign-in, registration, recovery and code calls (src/rate-limits/rate-limits.ts);
     * off only in automated tests (USERS_PERMISSIONS_RATELIMIT=false).
     */
    authRateLimits: raw.USERS_PERMISSIONS_RATELIMIT ?? true,
    /** Where every CMS process keeps the shared allowances; unset: each process counts alone. */
    redisUrl: raw.REDIS_URL,
    /**
     * Sign in with Apple: offered only when APPLE_CLIENT_ID (the identity token's audience) is set.
     * The keys that sign the tokens come from APPLE_JWKS_URL (Apple's by default; tests serve their own).
     */
    apple:
      raw.APPLE_CLIENT_ID === undefined
        ? undefined
        : {
            clientId: raw.APPLE_CLIENT_ID,
            jwksUrl: raw.APPLE_JWKS_URL ?? "https://appleid.apple.com/auth/keys",
            redirectUri: raw.APPLE_REDIRECT_URI,
          },
    /** Google, Microsoft and Facebook sign-in, each present only when its keys are set (docs/decisions/025). */
    social,
    /**
     * How customers pay (src/payments/): PAYMENT_PROVIDER takes new payments (sandbox by default: a
     * local page to approve or decline); Redsys and Stripe also accept the notifications of earlier
     * payments while their keys are set.
     */
    payments,
    /** How long an order waits for its payment before the expiry job cancels it and frees its slot. */
    orderPaymentTtlMinutes: raw.ORDER_PAYMENT_TTL_MINUTES,
    logLevel: raw.LOG_LEVEL,
  };
}

let cached: Env | undefined;

/** The validated environment of this process (parsed on first use, after Strapi loaded .env). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
