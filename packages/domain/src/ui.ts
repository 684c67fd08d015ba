/**
 * The interface constants of the specification, section 9, and where each one lives
 * (docs/decisions/018). Every value is written once: the sizes the stylesheet draws are in
 * apps/storefront/app/app.css, where the browser needs them, and only named here; the timings code
 * needs are here.
 *
 * In app.css, not here:
 * - one-time-code cells, 50 × 50 px: the `--spacing-code-cell` theme token (`size-code-cell`);
 * - dialogs, 90vw on small screens and 25vw on large (with a readable minimum): the `dialog-width`
 *   utility, used by the consent preferences and the site menu;
 * - reduced motion: one `prefers-reduced-motion: reduce` rule for every animation and transition.
 *
 * Imported as `@shop/domain/ui`, like `@shop/domain/password`, and not re-exported by the package's
 * index: the storefront's shell chunk imports that index (through @shop/routing), and the bundler
 * puts every module the index re-exports into the shell, so the lightbox's resize code would have
 * cost every page's first load about 0.1 KB (decision 006's budget has none left).
 */

/**
 * Code that re-reads the viewport after a resize waits this long after the last resize event
 * ("device helper re-checks 50 ms after resize"): a window dragged wider, or a phone turning,
 * fires dozens of events, and only the size it settles at matters.
 */
export const RESIZE_SETTLE_MS = 50;

/**
 * Section 9's values for widgets the shop does not have (decision 018): no tooltips (the only
 * `title` is the language switcher's, the browser's own), no ripples, no scroll-triggered
 * animations, no custom drop-down lists or multiselects (every select is the browser's own, whose
 * list the page cannot size), no toasts (a page's notice sits in the page, not over it). They are
 * kept here so that whoever builds one takes the specification's value; a widget whose value its
 * stylesheet needs moves it to app.css then, so that it stays written once. Nothing imports them
 * yet, so they cost no bytes (the package has no side effects).
 */
export const UNBUILT_UI = {
  tooltipFadeInMs: 250,
  rippleMs: 401,
  /** Share of an element that must be visible before its scroll animation starts (IntersectionObserver). */
  scrollAnimationThreshold: 0.5,
  dropdownListMaxHeightPx: 300,
  multiselectListMaxHeightPx: 200,
  /** On large screens; about 35vw. */
  toastMaxWidthVw: 35,
} as const;

/** A call of a debounced function that has not run yet can be dropped (a component unmounting). */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** The timer functions a debounce needs; tests pass fake ones. */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * `run` with the arguments of the last call, once `waitMs` have passed without another call: a burst
 * of events (resizes) becomes one call at its end, never one per event and never one mid-burst.
 */
export function debounce<A extends unknown[]>(
  run: (...args: A) => void,
  waitMs: number,
  timers: Timers = globalTimers,
): Debounced<A> {
  let pending: { handle: unknown } | null = null;
  const debounced = (...args: A) => {
    if (pending) timers.clearTimeout(pending.handle);
    pending = {
      handle: timers.setTimeout(() => {
        pending = null;
        run(...args);
      }, waitMs),
    };
  };
  debounced.cancel = () => {
    if (pending) timers.clearTimeout(pending.handle);
    pending = null;
  };
  return debounced;
}
