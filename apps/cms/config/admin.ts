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
  };
};
