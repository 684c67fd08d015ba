import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // React Router refuses an action posted from another origin. Sign in with Apple answers with a
  // form post from its own site (response_mode form_post, docs/decisions/014); server/app.ts lets
  // that origin post to /connect/apple/redirect only, and the route checks Apple's state.
  allowedActionOrigins: ["appleid.apple.com"],
} satisfies Config;
