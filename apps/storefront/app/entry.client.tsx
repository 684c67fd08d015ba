import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrationMayStart } from "~/components/on-demand";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Hydrate after the server's HTML has been painted (on a fast connection the scripts arrive before
// the first frame, and hydrating at once would hold that frame back on a slow phone), and once the
// chunks of the parts the server rendered are here (the route modules, which have run by now, asked
// for them: components/on-demand.tsx).
requestAnimationFrame(() => setTimeout(() => void hydrationMayStart().then(hydrate), 0));
