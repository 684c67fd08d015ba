import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

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

// Hydrate after the server's HTML has been painted. On a fast connection the scripts arrive
// before the first frame, and hydrating at once would hold that frame back on a slow phone.
requestAnimationFrame(() => setTimeout(hydrate, 0));
