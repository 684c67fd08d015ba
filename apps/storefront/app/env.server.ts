import { z } from "zod";

const url = z.url().transform((value) => value.replace(/\/+$/, ""));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Public origin of the storefront, used for canonical URLs, hreflang and the sitemap. */
  SITE_URL: url.default("http://localhost:3000"),
  /** Where this server reaches the CMS (a loopback or private address in production). */
  CMS_URL: url.default("http://127.0.0.1:1337"),
  /** Timeout for one call to the CMS, in milliseconds. */
  CMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Number of reverse proxies in front of this server (for client IPs and protocol). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
  /** Messages one visitor (IP address) may send per hour through each public form. */
  FORM_SUBMISSIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
});

export type Env = z.infer<typeof schema>;

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
