import { SCREENS, type ScreenId } from "@shop/routing";
import { env } from "../env.server";

/**
 * The chat page a screen offers (the root loader sends it to the browser), or null: no chat. The
 * order flow has none: its step buttons sit at the bottom of a phone's screen, where the launcher
 * would cover them, and its layout leaves out whatever does not help finish the order.
 */
export function supportChatFor(
  screen: { readonly id: ScreenId } | null,
  url: string | undefined = env.SUPPORT_CHAT_URL,
): string | null {
  if (!url) return null;
  return screen && SCREENS[screen.id].layout === "buy-process" ? null : url;
}
