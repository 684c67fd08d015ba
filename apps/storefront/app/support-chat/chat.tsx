import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { usePageLanguage } from "~/root-data";
import { keepClear } from "./clearance";
import { SUPPORT_CHAT_TEXTS } from "./texts";

/**
 * What the provider's page may do in the frame: run its scripts, send its forms, keep its own
 * storage (the conversation survives a reload) and open its links and attachments in new tabs.
 * Not: navigate the shop's page, download without a click, or use the shop's origin.
 */
const SANDBOX = "allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox";

/**
 * The launcher and the chat panel (docs/decisions/020). The panel is not modal: the shop stays
 * usable beside it on a wide screen. The frame is created the first time the visitor opens the
 * chat and kept while they stay, so closing and reopening goes on with the same conversation.
 * Open or closed is said by attributes of the launcher and the panel, never by the outer element's
 * style, which the app web view sets to hide every embedded chat on a short screen (decision 019).
 */
export function Chat({ url }: { readonly url: string }) {
  const texts = SUPPORT_CHAT_TEXTS[usePageLanguage().locale];
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<HTMLDivElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const clearance = useRef<ReturnType<typeof keepClear>>();
  const focusLauncher = useRef(false);
  const panelId = useId();
  const headingId = useId();

  useEffect(() => {
    clearance.current = keepClear(widget.current!, launcher.current!);
    return () => clearance.current?.stop();
  }, []);

  useEffect(() => {
    if (open) panel.current?.focus();
    clearance.current?.check();
    if (!open && focusLauncher.current) launcher.current?.focus();
    focusLauncher.current = false;
  }, [open]);

  const close = () => {
    focusLauncher.current = true;
    setOpen(false);
  };
  // Keys pressed inside the provider's frame stay there: Escape works from the panel's own parts.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    close();
  };

  return (
    <div ref={widget} data-embed="chat">
      <button
        ref={launcher}
        type="button"
        hidden={open}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setStarted(true);
          setOpen(true);
        }}
        className="fixed right-4 bottom-4 z-25 inline-flex min-h-12 items-center gap-2 rounded-full bg-leaf-700 py-2 pr-5 pl-4 font-bold text-white shadow-lg ring-2 ring-white hover:bg-leaf-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-leaf-900 data-covered:invisible"
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
          <path
            d="M4 5.5A2.5 2.5 0 016.5 3h11A2.5 2.5 0 0120 5.5v8a2.5 2.5 0 01-2.5 2.5H10l-4.5 4v-4h0A2.5 2.5 0 014 13.5z"
            fill="currentColor"
          />
          <circle cx="8.5" cy="9.5" r="1.2" className="fill-leaf-700" />
          <circle cx="12" cy="9.5" r="1.2" className="fill-leaf-700" />
          <circle cx="15.5" cy="9.5" r="1.2" className="fill-leaf-700" />
        </svg>
        {texts.launcher}
      </button>
      <section
        ref={panel}
        id={panelId}
        role="dialog"
        aria-labelledby={headingId}
        tabIndex={-1}
        hidden={!open}
        onKeyDown={onKeyDown}
        className="fixed inset-x-2 top-16 bottom-2 z-25 flex flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-sand-200 focus:outline-none sm:top-auto sm:right-4 sm:bottom-4 sm:left-auto sm:h-[min(560px,calc(100dvh-2rem))] sm:w-[380px]"
      >
        <div className="flex items-center justify-between gap-2 bg-leaf-700 py-1 pr-1 pl-4 text-white">
          <h2 id={headingId} className="font-display text-lg font-semibold">
            {texts.heading}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={texts.close}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-leaf-800 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-white"
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="relative min-h-0 flex-1 bg-sand-50">
          {loaded ? null : (
            <p className="absolute inset-0 grid place-items-center p-4 text-sand-700">{texts.loading}</p>
          )}
          {started ? (
            <iframe
              src={url}
              title={texts.frameTitle}
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox={SANDBOX}
              onLoad={() => setLoaded(true)}
              className="relative block h-full w-full border-0"
            />
          ) : null}
        </div>
      </section>
    </div>
  );
}
