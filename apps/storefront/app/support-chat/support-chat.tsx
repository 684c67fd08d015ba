import { type ComponentType, useEffect, useState } from "react";
import { useRootData } from "~/root-data";

/**
 * The support chat (docs/decisions/020), only when the shop has one (SUPPORT_CHAT_URL) and the
 * screen offers it. Its code and texts come in their own chunk after hydration; the first load
 * carries just this (decision 006). The provider's page is requested only when the visitor opens it.
 */
export function SupportChat() {
  const url = useRootData()?.supportChat;
  const [Chat, setChat] = useState<ComponentType<{ url: string }>>();
  useEffect(() => {
    if (url) {
      import("./chat").then(
        (module) => setChat(() => module.Chat),
        (error: unknown) => console.warn(error),
      );
    }
  }, [url]);
  return url && Chat ? <Chat url={url} /> : null;
}
