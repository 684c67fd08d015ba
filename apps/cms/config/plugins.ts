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
        // The shop's own allowances replace the plugin's per-process one (src/services/rate-limits.ts,
        // shared through Redis when REDIS_URL is set; docs/decisions/011).
        ratelimit: { enabled: false },
      },
    },
  };
};
