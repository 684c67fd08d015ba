/** Hosts where a chat page may be served over plain http: a developer's machine and the tests. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why `value` cannot be the support chat's address (SUPPORT_CHAT_URL), or null when it can. The page
 * is framed on every page of the shop, so it must come over https (a page over http would be
 * mixed content, and anyone on the way could change what customers type into it); plain http is
 * for a chat on the same machine only. No user name or password: they would be sent to every
 * visitor's browser.
 */
export function supportChatUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be the address of the chat page, such as https://chat.example.com/shop";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) {
    return "must start with https:// (http:// only for localhost or 127.0.0.1)";
  }
  if (url.username || url.password) return "must not carry a user name or password";
  return null;
}
