import { useContext } from "react";
import { FALLBACK_TEXTS_ID, ServerMessagesContext, useRootData } from "~/root-data";

/**
 * When the root loader failed, the page has no language or texts in its data: the server writes its
 * own into a JSON block (never executed, so the CSP allows it), and the browser reads them back from there.
 */
export function FallbackTexts() {
  const data = useRootData();
  const server = useContext(ServerMessagesContext);
  if (data) return null;
  const json = server
    ? JSON.stringify(server).replace(/</g, "\\u003c")
    : typeof document === "undefined"
      ? ""
      : (document.getElementById(FALLBACK_TEXTS_ID)?.textContent ?? "");
  return <script type="application/json" id={FALLBACK_TEXTS_ID} dangerouslySetInnerHTML={{ __html: json }} />;
}
