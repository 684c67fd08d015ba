import {
  DEV_PROXY_SECRET,
  HEADERS_TIMEOUT_MS,
  type HttpLimits,
  httpLimitsProblem,
  KEEP_ALIVE_TIMEOUT_MS,
  MIN_PROXY_SECRET_LENGTH,
  STOREFRONT_REQUEST_TIMEOUT_MS,
} from "@shop/contracts";
import { DEFAULT_DATA_LAYER_NAME, gtmIdProblem, isDataLayerName } from "@shop/domain";
import { APP_USER_AGENT_TOKEN_PATTERN, parseAdminEmails } from "@shop/domain/web-view";
import { z } from "zod";
import { supportChatUrlProblem } from "./support-chat/chat-url";

const url = z.url().transform((value) => value.replace(/\/+$/, ""));

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Public origin of the storefront, used for canonical URLs, hreflang and the sitemap. */
    SITE_URL: url.default("http://localhost:3000"),
    /** Where this server reaches the CMS (a loopback or private address in production). */
    CMS_URL: url.default("http://127.0.0.1:1337"),
    /**
     * Where browsers reach the CMS (its sandbox payment page): the payment form may send them there
     * (CSP form-action). Unset: the CMS's own default PUBLIC_URL, http://localhost:<CMS_URL's port>
     * when CMS_URL is on this machine, else CMS_URL (defaultCmsPublicUrl in @shop/contracts).
     */
    CMS_PUBLIC_URL: url.optional(),
    /**
     * Origins, comma-separated, the browser may be sent to pay at besides the known providers' and
     * the CMS's (app/orders/payment-pages.server.ts): a Redsys form at another address (REDSYS_ENVIRONMENT).
     */
    EXTRA_PAYMENT_ORIGINS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url().transform((origin) => new URL(origin).origin))),
    /**
     * How long a client may take to send its headers, its whole request, and how long an idle
     * connection stays open (@shop/contracts http-limits.ts says why these figures). Tests make them small.
     */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(STOREFRONT_REQUEST_TIMEOUT_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(KEEP_ALIVE_TIMEOUT_MS),
    /**
     * Redis shared by the storefront processes (the CMS's REDIS_URL may be the same server): a
     * token retired by sign-out or a password change is published to every process, which forget
     * it at once (app/session-retirement.server.ts). Unset: each process believes a session it
     * cached for at most SESSION_CACHE_TTL_MS (30 s).
     */
    REDIS_URL: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .refine((value) => value === undefined || /^rediss?:\/\//.test(value), {
        message: "must be a redis:// or rediss:// URL",
      }),
    /** Timeout for one call to the CMS, in milliseconds. */
    CMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    /**
     * Image conversions running at once (server/image-limiter.ts); unset: one per CPU core, at most
     * libuv's thread pool less two (2 with Node's default pool: server/image-settings.ts).
     */
    IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** Folder of converted image variants, shared by the processes of a machine; unset: <repo>/var/image-cache. */
    IMAGE_CACHE_DIR: z.string().min(1).optional(),
    /** Convert the pictures of the catalogue ahead, in the background, so visitors rarely wait for one. */
    IMAGE_PREGENERATE: z.stringbool().default(true),
    /**
     * Number of reverse proxies in front of this server. Only they may say who the visitor is
     * (X-Forwarded-For, read from the right); with none, the TCP peer is the visitor.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Shared with the CMS: vouches for the visitor's address this server tells it (src/middlewares/client-ip.ts). */
    PROXY_SECRET: z.string().min(MIN_PROXY_SECRET_LENGTH).default(DEV_PROXY_SECRET),
    /**
     * A browser key of the Google Maps JavaScript API (Places library), restricted to the shop's
     * address: the new-order flow then suggests delivery addresses. Unset: a plain address form.
     */
    GOOGLE_MAPS_API_KEY: z.string().trim().min(1).optional(),
    /**
     * Google Tag Manager container (docs/decisions/016): loaded only after the visitor consents to a
     * category of cookies. Unset or empty: no analytics, no consent banner. A mistyped id stops the
     * server with the id that was most likely meant, rather than silently measuring nothing.
     */
    GTM_ID: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .superRefine((value, ctx) => {
        const problem = value === undefined ? null : gtmIdProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    /** Name of the data layer array on `window` that Tag Manager reads. */
    GTM_DATA_LAYER: z
      .string()
      .default(DEFAULT_DATA_LAYER_NAME)
      .refine(isDataLayerName, { message: "must be a JavaScript identifier, such as dataLayer" }),
    /**
     * The chat page the shop's chat provider hosts (its "chat link"), framed by a "chat with us"
     * button on every page but the order flow (docs/decisions/020). Framed only when the visitor
     * opens it, so nobody who does not ask meets the provider or its cookies. Unset or empty: no chat.
     */
    SUPPORT_CHAT_URL: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .superRefine((value, ctx) => {
        const problem = value === undefined ? null : supportChatUrlProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    /**
     * The text the company's mobile app adds to its web view's user agent (docs/decisions/019):
     * visitors whose user agent carries it are "from app". Unset: nobody is.
     */
    APP_USER_AGENT_TOKEN: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .refine((value) => value === undefined || APP_USER_AGENT_TOKEN_PATTERN.test(value), {
        message: "3 to 64 letters, digits or . _ / - (no spaces), such as ImperfectApp",
      }),
    /**
     * Staff e-mails, comma-separated, who see the debug console when signed in inside the app.
     * Empty (the default): nobody.
     */
    APP_ADMIN_EMAILS: z
      .string()
      .default("")
      .transform(parseAdminEmails)
      .pipe(z.array(z.email({ message: "must be e-mail addresses separated by commas" }))),
  })
  .superRefine((value, ctx) => {
    const limitsProblem = httpLimitsProblem(httpLimitsOf(value));
    if (limitsProblem) ctx.addIssue({ code: "custom", path: ["HTTP_HEADERS_TIMEOUT_MS"], message: limitsProblem });
    if (value.SITE_URL.startsWith("https://") && value.PROXY_SECRET === DEV_PROXY_SECRET) {
      ctx.addIssue({ code: "custom", path: ["PROXY_SECRET"], message: "set a real secret (the same as the CMS's)" });
    }
    // The chat's frame may run scripts as its own origin (sandbox allow-same-origin): on the shop's
    // origin those scripts would be the shop's, with the customer's session.
    if (value.SUPPORT_CHAT_URL && new URL(value.SUPPORT_CHAT_URL).origin === new URL(value.SITE_URL).origin) {
      ctx.addIssue({
        code: "custom",
        path: ["SUPPORT_CHAT_URL"],
        message: "must be the chat provider's page, not one of the shop's own",
      });
    }
  });

export type Env = z.infer<typeof schema>;

/** The HTTP server's limits (server/http-server.ts) from the environment. */
export function httpLimitsOf(
  value: Pick<Env, "HTTP_HEADERS_TIMEOUT_MS" | "HTTP_REQUEST_TIMEOUT_MS" | "HTTP_KEEP_ALIVE_TIMEOUT_MS">,
): HttpLimits {
  return {
    headersTimeoutMs: value.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: value.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: value.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid storefront environment:\n${problems}`);
  }
  return result.data;
}

export const env = parseEnv(process.env);

/** Cookies carry the Secure flag whenever the shop is served over HTTPS. */
export const secureCookies = env.SITE_URL.startsWith("https://");
