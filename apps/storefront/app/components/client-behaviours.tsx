import { useEffect } from "react";
import { useRootData } from "~/root-data";

/**
 * Starts what the shop does in the browser besides its pages (app/client-behaviours.client.ts: the
 * title while away, new builds, a failed chunk's reload, and the company's app's own) once the page
 * is up, and again when who is looking changes (a sign-in inside the app). Its code comes in its
 * own chunk; this is all the first load carries (decision 006), in the shell chunk, where its
 * import() shares the shell's preload helper. The root renders it once and never removes it.
 */
export function ClientBehaviours() {
  const webView = useRootData()?.webView ?? "browser";
  useEffect(() => {
    import("~/client-behaviours.client").then(
      (behaviours) => behaviours.startClientBehaviours({ webView }),
      (error: unknown) => console.warn(error),
    );
  }, [webView]);
  return null;
}
