import type { ReactNode } from "react";
import { usePageLanguage } from "~/root-data";

/** The heading and lead text of the current screen, in the page's language. */
export function ScreenIntro({ children }: { children?: ReactNode }) {
  const { messages } = usePageLanguage();
  const text = messages.screen;
  if (!text) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 pt-8 pb-4 sm:pt-12">
      <h1 className="font-display text-3xl font-semibold text-leaf-800 sm:text-4xl">{text.heading}</h1>
      {text.intro ? <p className="mt-3 max-w-2xl text-lg text-sand-700">{text.intro}</p> : null}
      {children}
    </section>
  );
}
