import {
  EMBED_CHECK_EVERY_MS,
  hidesEmbeds,
  NATIVE_SIGN_IN_PROVIDERS,
  nativeSignIn,
  nativeSignInHooks,
  type NativeSignInProvider,
  type WebViewUser,
} from "@shop/domain/web-view";
import { pathTo } from "@shop/routing";
import { pageLocale } from "~/page-locale.client";
import { mountDebugConsole } from "./debug-console.client";
import { captureConsole, clearDebugLog } from "./debug-log.client";

/**
 * The shop inside the company's app (docs/decisions/019), started by the client behaviours when
 * the root data says the visitor is "from app": the page's log kept for the debug console, the
 * native sign-in hooks, and embedded chat and form frames put away on a short screen. Called again
 * when the visitor changes (signed in, or out): the debug console follows who is signed in.
 */
export function startWebView(user: Exclude<WebViewUser, "browser">): void {
  if (!started) {
    started = true;
    captureConsole();
    installNativeSignInHooks();
    hideEmbedsOnShortScreens();
    document.documentElement.dataset.shopApp = "ready";
    window.dispatchEvent(new Event("shop:app-ready"));
  }
  showDebugConsole(user === "adminInApp");
}

let started = false;
let removeDebugConsole: (() => void) | null = null;

function showDebugConsole(show: boolean): void {
  if (show && !removeDebugConsole) {
    removeDebugConsole = mountDebugConsole();
  } else if (!show && removeDebugConsole) {
    removeDebugConsole();
    removeDebugConsole = null;
    // A staff member who signs out leaves nothing for whoever signs in next on that phone.
    clearDebugLog();
  }
}

type NativeHook = (value?: unknown) => void;

/**
 * The app signs in with Google or Microsoft natively (both refuse sign-in pages inside a web
 * view) and hands the outcome to the page: a success goes where a provider's redirect comes back
 * to, so the server trades the token for the shop's session as for any provider (then the account
 * area, section 2); an error, or a success the page cannot use, is logged (section 8).
 */
function installNativeSignInHooks(): void {
  const hooks = window as unknown as Record<string, NativeHook>;
  for (const provider of NATIVE_SIGN_IN_PROVIDERS) {
    const names = nativeSignInHooks(provider);
    hooks[names.success] = (accessToken) => signInWith(provider, accessToken);
    hooks[names.error] = (error) => console.error(`Sign-in with ${provider} failed in the app:`, error);
  }
}

function signInWith(provider: NativeSignInProvider, accessToken: unknown): void {
  const outcome = nativeSignIn(provider, accessToken);
  if (!outcome.ok) {
    console.error(`Sign-in with ${provider} from the app was not used: ${outcome.problem}`);
    return;
  }
  const query = new URLSearchParams({ access_token: outcome.accessToken });
  location.assign(`${pathTo("connectRedirect", pageLocale(), { provider: outcome.provider })}?${query}`);
}

/** What the shop embeds from elsewhere that a short screen cannot spare room for (decision 020 marks them). */
const EMBEDS = '[data-embed="chat"], [data-embed="form"]';
const HIDDEN_MARK = "embedHidden";

/**
 * Inside the app, embedded chat and form frames are put away while the available height is below
 * EMBED_MIN_HEIGHT_PX (section 9), looked at every EMBED_CHECK_EVERY_MS: such frames come and go
 * with the pages and the visitor's clicks, and the height with the phone's rotation. A frame the
 * visitor is typing in stays (the phone's keyboard takes height too). Put away with a style set from
 * script, which the page's CSP allows, and only what this put away is brought back.
 */
function hideEmbedsOnShortScreens(): void {
  const check = () => {
    const short = hidesEmbeds(window.innerHeight);
    for (const embed of document.querySelectorAll<HTMLElement>(EMBEDS)) {
      const hide = short && !embed.contains(document.activeElement);
      if (hide && embed.dataset[HIDDEN_MARK] === undefined) {
        embed.style.setProperty("display", "none", "important");
        embed.dataset[HIDDEN_MARK] = "";
      } else if (!hide && embed.dataset[HIDDEN_MARK] !== undefined) {
        embed.style.removeProperty("display");
        delete embed.dataset[HIDDEN_MARK];
      }
    }
  };
  check();
  window.setInterval(check, EMBED_CHECK_EVERY_MS);
}
