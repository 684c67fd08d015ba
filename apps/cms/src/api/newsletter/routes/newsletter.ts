/**
 * The newsletter's public calls (docs/decisions/013): a visitor subscribes from the footer, and the
 * links of its mails confirm and unsubscribe without signing in. `auth: false`: no role permission
 * to grant; the tokens are the authority. Subscribers have no content-API route at all.
 */
const publicCall = { auth: false } as const;

const route = (path: string, action: string) => ({
  method: "POST" as const,
  path,
  handler: `newsletter.${action}`,
  config: publicCall,
});

export default {
  routes: [
    route("/newsletter/subscribe", "subscribe"),
    route("/newsletter/confirm", "confirm"),
    route("/newsletter/unsubscribe", "unsubscribe"),
  ],
};
