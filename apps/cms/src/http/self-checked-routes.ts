/**
 * Routes whose controller checks the caller itself: the signed-in session (account, orders,
 * subscriptions, saved cards), a token in the body (newsletter links) or a gateway's signature
 * (payments). `auth: false` keeps them out of Strapi's role permission grid; it never means "anyone".
 */
type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The route maker for one controller: `route("GET", "/orders/mine", "list")` -> handler `order.list`. */
export function selfCheckedRoutes(controller: string) {
  return (method: HttpMethod, path: string, action: string) => ({
    method,
    path,
    handler: `${controller}.${action}`,
    config: { auth: false } as const,
  });
}
