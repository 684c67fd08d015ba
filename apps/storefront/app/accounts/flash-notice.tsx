import { useEffect, useState } from "react";
import { usePageLanguage, useRootData } from "~/root-data";

/** The notice an action left for this page (flash.ts), announced politely and closable. */
export function FlashNotice() {
  const code = useRootData()?.flash ?? null;
  const { messages } = usePageLanguage();
  const [shown, setShown] = useState(code);
  useEffect(() => setShown(code), [code]);
  // The page's texts hold only the notice of this request (i18n pageMessages): a notice closed or
  // gone with a navigation is not looked up in the next page's texts.
  const text = shown ? messages.flash[shown] : undefined;
  if (!text) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      <p
        role="status"
        className="flex items-start justify-between gap-3 rounded-2xl bg-leaf-50 px-4 py-3 font-semibold text-leaf-800 ring-1 ring-leaf-200"
      >
        <span>{text}</span>
        <button
          type="button"
          onClick={() => setShown(null)}
          className="-my-2 -mr-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-full hover:bg-leaf-100"
        >
          <span aria-hidden="true">×</span>
          <span className="sr-only">{messages.flash.close}</span>
        </button>
      </p>
    </div>
  );
}
