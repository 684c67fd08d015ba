import type { ComponentType } from "react";

/** The chunks the page's server HTML needs before it may hydrate (see `onDemand`). */
const neededForHydration: Promise<unknown>[] = [];

/**
 * However long a chunk takes, the page hydrates after this: without the chunk its part hydrates
 * later (React may then render that part again), which is better than a page that never responds.
 */
const HYDRATION_WAIT_LIMIT_MS = 10_000;

export interface OnDemand<P> {
  /** Renders the component, suspending (inside the caller's Suspense) until its chunk is here. */
  readonly Component: ComponentType<P>;
  /**
   * Fetches the chunk now and holds the page's hydration until it is here. For a part the server
   * has rendered into this page: a Suspense boundary whose code is missing stays "dehydrated", and
   * an ordinary update reaching it before the code arrives (a navigation, its parent rendering
   * again) makes React throw the server's HTML away and render the part anew (error 421).
   */
  readonly holdHydration: () => void;
  /** Fetches the chunk now, so that it is here when the part is first shown. */
  readonly prefetch: () => void;
}

/**
 * A component whose code comes in its own chunk (decision 006), like `React.lazy`, but which renders
 * at once, without suspending, when its chunk is already here: so a chunk fetched before hydration
 * (`holdHydration`) hydrates with the page. It renders the same component type before and after the
 * chunk arrives, so nothing the customer typed in it is lost when it does.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchChunk = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a new deployment, the network) may be tried again on the next render.
        loading = undefined;
        throw error;
      },
    ));
  function Component(props: P) {
    // Throwing the promise is how a component suspends in React 18 (React.lazy does the same).
    if (!loaded) throw fetchChunk();
    const Loaded = loaded;
    return <Loaded {...props} />;
  }
  return {
    Component,
    holdHydration() {
      if (typeof document !== "undefined") neededForHydration.push(fetchChunk());
    },
    prefetch() {
      // A failure here is not the customer's concern yet: the part's first render fetches again.
      fetchChunk().catch(() => undefined);
    },
  };
}

/** Resolves once every chunk held for hydration has arrived or failed, or the wait limit passed. */
export function hydrationMayStart(): Promise<void> {
  if (neededForHydration.length === 0) return Promise.resolve();
  return Promise.race([
    Promise.allSettled(neededForHydration).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, HYDRATION_WAIT_LIMIT_MS)),
  ]);
}
