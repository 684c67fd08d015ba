import { LOCALE_TAGS } from "@shop/domain";
import { format } from "~/i18n/format";
import { DEBUG_CONSOLE_TEXTS } from "./debug-console-texts";
import { pageLocale } from "~/page-locale.client";
import { clearDebugLog, debugEntries, subscribeToDebugLog, type DebugEntry } from "./debug-log.client";

const LEVEL_CLASSES: Record<DebugEntry["level"], string> = {
  error: "text-red-300",
  warn: "text-amber-200",
  info: "text-sky-200",
  log: "text-sand-50",
};

const time = (at: number) => new Date(at).toTimeString().slice(0, 8);

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), properties);
}

/**
 * What the page logged, for staff signed in inside the app (specification section 2): shown only
 * once there is something to show, collapsed to one bar until asked for, newest line last, in the
 * language of the page on show. Plain DOM, apart from the pages' React tree, so it outlives
 * navigations and adds no React entry point to the bundle (a second one splits react-dom/client
 * into a chunk of its own that every page would then load). Returns what removes it.
 */
export function mountDebugConsole(): () => void {
  let expanded = false;
  const panel = element("section", {
    className: "fixed inset-x-0 bottom-0 z-[60] border-t-2 border-leaf-700 bg-sand-900 font-mono text-xs text-sand-50",
  });
  panel.dataset.debugConsole = "";
  const bar = element("div", { className: "flex items-center gap-2 px-3 py-1" });
  const title = element("h2", { className: "font-bold" });
  const count = element("span", { className: "grow" });
  const clear = element("button", { type: "button", className: "min-h-11 px-2 underline" });
  const toggle = element("button", {
    type: "button",
    className: "min-h-11 rounded-full border border-sand-50 px-3 font-bold",
  });
  const list = element("ol", { id: "debug-console-log", className: "max-h-[40dvh] overflow-y-auto px-3 pb-2" });
  list.setAttribute("role", "log");
  toggle.setAttribute("aria-controls", list.id);
  bar.append(title, count, clear, toggle);
  panel.append(bar, list);
  document.body.append(panel);

  const render = () => {
    const entries = debugEntries();
    const locale = pageLocale();
    const texts = DEBUG_CONSOLE_TEXTS[locale];
    panel.hidden = entries.length === 0;
    panel.setAttribute("aria-label", texts.title);
    title.textContent = texts.title;
    const plural = new Intl.PluralRules(LOCALE_TAGS[locale]).select(entries.length) === "one" ? "one" : "other";
    count.textContent = format(texts.entries[plural], { count: entries.length });
    clear.textContent = texts.clear;
    clear.hidden = !expanded;
    toggle.textContent = expanded ? texts.collapse : texts.expand;
    toggle.setAttribute("aria-expanded", String(expanded));
    list.hidden = !expanded;
    if (!expanded) return;
    list.replaceChildren(
      ...entries.map((entry) => {
        const line = element("li", {
          className: `border-t border-sand-50/20 py-1 break-words ${LEVEL_CLASSES[entry.level]}`,
        });
        line.append(
          element("span", { className: "opacity-70", textContent: time(entry.at) }),
          " ",
          element("strong", { textContent: entry.level }),
          ` ${entry.text}`,
        );
        return line;
      }),
    );
    list.scrollTop = list.scrollHeight;
  };
  toggle.addEventListener("click", () => {
    expanded = !expanded;
    render();
  });
  clear.addEventListener("click", clearDebugLog);
  const unsubscribe = subscribeToDebugLog(render);
  // The page's language changes with a navigation (the root sets <html lang>): so do the words.
  const languages = new MutationObserver(render);
  languages.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  render();
  return () => {
    unsubscribe();
    languages.disconnect();
    panel.remove();
  };
}
