import {
  awayTitle,
  BUILD_CHECK_EVERY_MS,
  BUILD_CHECK_FIRST_MS,
  isNewBuild,
  MAX_PRELOADS_AT_ONCE,
  mayPreload,
  mayReloadAfterChunkError,
  preloadQueue,
  TITLE_RESTORE_DELAY_MS,
  withChunkReload,
} from "@shop/domain/client-behaviours";
import type { WebViewUser } from "@shop/domain/web-view";
import { matchRoutes, type Navigation, type RouteObject } from "react-router";
import { BUILD_PATH } from "./build-path";
import { AWAY_TITLES } from "./i18n/away-titles";
import { pageLocale } from "./page-locale.client";
import { isAwayTitleShown, restoreOwnTitle, showAwayTitle } from "./page-title.client";

/**
 * What the storefront does in the browser besides its pages (specification sections 2, 8 and 9):
 * a "come back" title while the tab is away, a page afresh after a new build is out, and one
 * reload after a script chunk fails to download. Loaded after hydration (entry.client), so no
 * page's first load pays for it (docs/decisions/006).
 */
export function startClientBehaviours({ webView }: { webView: WebViewUser }): void {
  if (!started) {
    started = true;
    reloadAfterChunkErrors();
    swapTitleWhileAway();
    followNewBuilds();
    preloadRoutesOnIntent();
  }
  // Inside the company's app only, in a chunk of its own (docs/decisions/019).
  if (webView !== "browser") {
    import("./web-view/web-view.client").then(
      (app) => app.startWebView(webView),
      (error: unknown) => console.warn(error),
    );
  }
}

let started = false;

const CHUNK_RELOADS_KEY = "shop:chunk-reloads";

interface RouteEntry {
  readonly module: string;
  readonly imports?: readonly string[];
}

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string; routes?: Readonly<Record<string, RouteEntry>> };
    __reactRouterDataRouter?: {
      routes: RouteObject[];
      subscribe(listener: (state: { navigation: Navigation }) => void): () => void;
    };
  }
}

/** A failed chunk counts as one the visitor asked for within this long of their last tap or key. */
const ASKED_WITHIN_MS = 10_000;

/**
 * A lazily loaded chunk the visitor asked for (a step of the order flow, the lightbox, the
 * calendar) that fails to download: most often a new build has replaced it, and a reload brings
 * the new page. At most once per 10 s per path (@shop/domain), so a chunk that keeps failing
 * (offline) leaves the page to say so instead of reloading in a loop; and never when that guard
 * cannot be kept (storage refused), nor for a chunk loaded in the background with nobody asking
 * (the cookie banner blocked by an extension must not cost every page a second load). The address
 * is kept, with the step, the filters and the order's number. The failed import still fails for
 * whoever asked for it (the page stays as it is until the reload): preventing the event's default
 * would hand them `undefined` as the module.
 */
function reloadAfterChunkErrors(): void {
  let lastAsked = Number.NEGATIVE_INFINITY;
  const asked = () => {
    lastAsked = Date.now();
  };
  window.addEventListener("pointerdown", asked, { capture: true, passive: true });
  window.addEventListener("keydown", asked, { capture: true, passive: true });
  window.addEventListener("vite:preloadError", () => {
    const now = Date.now();
    const path = location.pathname;
    const reloads = readReloads();
    if (now - lastAsked > ASKED_WITHIN_MS || !mayReloadAfterChunkError(reloads, path, now)) return;
    try {
      sessionStorage.setItem(CHUNK_RELOADS_KEY, JSON.stringify(withChunkReload(reloads, path, now)));
    } catch {
      return;
    }
    location.reload();
  });
}

function readReloads(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(CHUNK_RELOADS_KEY) ?? "{}");
    if (typeof stored !== "object" || stored === null) return {};
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
    );
  } catch {
    return {};
  }
}

/**
 * While the tab is hidden or the window blurred, the title is one of four "come back" messages in
 * the page's language; the page's own comes back TITLE_RESTORE_DELAY_MS after the visitor does. A
 * title the page changed meanwhile (a navigation) is left as it is.
 */
function swapTitleWhileAway(): void {
  let restoring: number | undefined;
  const away = () => {
    window.clearTimeout(restoring);
    restoring = undefined;
    if (isAwayTitleShown()) return;
    const title = awayTitle(AWAY_TITLES[pageLocale()], Math.random());
    if (title !== null) showAwayTitle(title);
  };
  const back = () => {
    if (!isAwayTitleShown() || restoring !== undefined) return;
    restoring = window.setTimeout(() => {
      restoreOwnTitle();
      restoring = undefined;
    }, TITLE_RESTORE_DELAY_MS);
  };
  document.addEventListener("visibilitychange", () => (document.hidden ? away() : back()));
  window.addEventListener("blur", away);
  window.addEventListener("focus", back);
}

/**
 * Asks the server which build it runs, BUILD_CHECK_FIRST_MS after the start and then every
 * BUILD_CHECK_EVERY_MS while the tab is visible. Once another build is out, the next navigation
 * (a link, a form's redirect, the back button) loads its page afresh from the server, with the new
 * build's scripts, instead of through the router with the old ones. A failed check is only logged
 * (section 8).
 */
function followNewBuilds(): void {
  const running = window.__reactRouterManifest?.version;
  const router = window.__reactRouterDataRouter;
  if (!running || !router) return;
  let stale = false;
  const check = async () => {
    if (stale || document.hidden) return;
    try {
      const answer = await fetch(`${BUILD_PATH}?t=${Date.now()}`, { cache: "no-store" });
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      stale = isNewBuild(running, await answer.json());
    } catch (error) {
      console.warn("Could not check for a new build of the shop", error);
    }
  };
  window.setTimeout(() => {
    void check();
    window.setInterval(() => void check(), BUILD_CHECK_EVERY_MS);
  }, BUILD_CHECK_FIRST_MS);
  // The router says where it is going as it starts to load the next page: the browser goes instead.
  router.subscribe(({ navigation }) => {
    if (!stale || navigation.state !== "loading") return;
    const { pathname, search, hash } = navigation.location;
    location.assign(pathname + search + hash);
  });
}

/**
 * The code of the page a link leads to, fetched when the visitor reaches for the link (a pointer
 * over it, a finger on it, the keyboard's focus): the route's module and what it imports, as
 * modulepreload links, at most MAX_PRELOADS_AT_ONCE on their way together, and none when the
 * visitor saves data or is on a 2G-like connection (@shop/domain mayPreload). The page's data is
 * not fetched ahead: it may be personal, and is fresh when the visitor gets there.
 */
function preloadRoutesOnIntent(): void {
  const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  const routes = window.__reactRouterDataRouter?.routes;
  const manifest = window.__reactRouterManifest?.routes;
  if (!mayPreload(connection) || !routes || !manifest) return;
  const queue = preloadQueue({
    maxAtOnce: MAX_PRELOADS_AT_ONCE,
    load: (href) =>
      new Promise((settle) => {
        if (document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) return settle(null);
        const link = Object.assign(document.createElement("link"), { rel: "modulepreload", href });
        link.addEventListener("load", settle);
        link.addEventListener("error", settle);
        document.head.append(link);
      }),
  });
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname === location.pathname) return;
    for (const { route } of matchRoutes(routes, url.pathname) ?? []) {
      const entry = route.id === undefined ? undefined : manifest[route.id];
      if (entry) for (const href of [entry.module, ...(entry.imports ?? [])]) queue.add(href);
    }
  };
  document.addEventListener("pointerover", onIntent, { passive: true });
  document.addEventListener("touchstart", onIntent, { passive: true });
  document.addEventListener("focusin", onIntent);
}
