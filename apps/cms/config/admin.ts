import { getEnv } from "../src/env";

export default () => {
  const env = getEnv();
  return {
    auth: { secret: env.secrets.adminJwtSecret },
    apiToken: { salt: env.secrets.apiTokenSalt },
    transfer: { token: { salt: env.secrets.transferTokenSalt } },
    secrets: { encryptionKey: env.secrets.encryptionKey },
    // No in-panel survey or Enterprise upsell for shop staff.
    flags: { nps: false, promoteEE: false },
    // Never try to open a browser from a server process.
    autoOpen: false,
    // Staff sign-in attempts are limited like customers' (5 per 5 minutes per e-mail and address),
    // under the same switch: the integration tests turn both off, because Strapi keeps the count in
    // memory shared by every Strapi the test run boots, and a dozen test files sign the same demo
    // staff in from one address (the security tests turn them on and check them).
    rateLimit: { enabled: env.authRateLimits },
  };
};
