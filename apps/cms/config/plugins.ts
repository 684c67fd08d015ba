import path from "node:path";
import { createOutboxTransport } from "../src/email/outbox-transport";
import { getEnv } from "../src/env";

export default () => {
  const env = getEnv();
  return {
    email: {
      config: {
        provider: "nodemailer",
        // SMTP when configured; otherwise every message becomes an .eml file in the outbox
        // (docs/decisions/002-cms-email-outbox.md).
        providerOptions: env.email.smtp ?? createOutboxTransport(env.email.outboxDir),
        settings: {
          defaultFrom: env.email.from,
          defaultReplyTo: env.email.replyTo,
        },
      },
    },
    "users-permissions": {
      config: {
        jwtSecret: env.secrets.jwtSecret,
        jwt: { expiresIn: "7d" },
        // The shop's own allowances replace the plugin's per-process one (src/rate-limits/rate-limits.ts,
        // shared through Redis when REDIS_URL is set; docs/decisions/011).
        ratelimit: { enabled: false },
      },
    },
    // The packing list and delivery sheet (src/plugins/staff-tools). Relative to this file, not to
    // the app: the server reads the compiled config in dist/config and so loads the compiled plugin in
    // dist/src/plugins; the admin build reads this source file and bundles the plugin's admin source.
    "staff-tools": { enabled: true, resolve: path.join(__dirname, "..", "src", "plugins", "staff-tools") },
  };
};
