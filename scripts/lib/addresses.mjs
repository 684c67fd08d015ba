// The addresses of the shop that `npm start` runs, for any PORT and CMS_PORT: one origin for the
// storefront (SITE_URL), which the CMS also writes into e-mails and payment returns (its
// STOREFRONT_URL), and the CMS reached by the storefront at a loopback address. Browsers reach
// the CMS's sandbox payment page at the name both apps derive from CMS_URL by the same rule
// (defaultCmsPublicUrl in @shop/contracts), unless CMS_PUBLIC_URL (or the CMS's own PUBLIC_URL)
// names it for both.
// The end-to-end tests start the shop through `npm start` itself (e2e/support/global-setup.ts).

function port(name, value, fallback) {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535 (it is "${value}")`);
  }
  return number;
}

const withoutTrailingSlash = (url) => url.replace(/\/+$/, "");

/**
 * @param {Record<string, string | undefined>} env the environment `npm start` runs in
 * @returns {{ storefrontPort: number, cmsPort: number, siteUrl: string, cmsUrl: string,
 *   cmsEnv: Record<string, string>, storefrontEnv: Record<string, string> }}
 */
export function shopAddresses(env) {
  const storefrontPort = port("PORT", env.PORT, 3000);
  const cmsPort = port("CMS_PORT", env.CMS_PORT, 1337);
  const siteUrl = withoutTrailingSlash(env.SITE_URL || `http://localhost:${storefrontPort}`);
  const cmsUrl = withoutTrailingSlash(env.CMS_URL || `http://127.0.0.1:${cmsPort}`);
  // A PUBLIC_URL given for the CMS alone would name a sandbox page the storefront refuses to send
  // customers to (issue 20): whichever is given goes to both apps.
  const named = env.CMS_PUBLIC_URL || env.PUBLIC_URL;
  const cmsPublicUrl = named ? withoutTrailingSlash(named) : undefined;
  return {
    storefrontPort,
    cmsPort,
    siteUrl,
    cmsUrl,
    // Unset, the CMS gets PUBLIC_URL empty ("use the default"), which apps/cms/.env cannot override
    // (Strapi's dotenv leaves variables already set): its default is the storefront's by the same rule.
    cmsEnv: { STOREFRONT_URL: siteUrl, PUBLIC_URL: cmsPublicUrl ?? "" },
    storefrontEnv: { SITE_URL: siteUrl, CMS_URL: cmsUrl, ...(cmsPublicUrl ? { CMS_PUBLIC_URL: cmsPublicUrl } : {}) },
  };
}
