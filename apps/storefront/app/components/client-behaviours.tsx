import { useEffect } from "react";

/**
 * Starts what the shop does in the browser besides its pages (app/client-behaviours.client.ts: the
 * title while away, new builds, a failed chunk's reload) once the page is up. Its code comes in its
 * own chunk; this is all the first load carries (decision 006), in the shell chunk, where its
 * import() shares the shell's preload helper. The root renders it once and never removes it.
 */
export function ClientBehaviours() {
  useEffect(() => {
    import("~/client-behaviours.client").then(
      (behaviours) => behaviours.startClientBehaviours(),
      (error: unknown) => console.warn(error),
    );
  }, []);
  return null;
}
