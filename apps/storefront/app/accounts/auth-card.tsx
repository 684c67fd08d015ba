import type { ReactNode } from "react";
import { REDIRECT_PARAM } from "@shop/routing";
import { usePageLanguage } from "~/root-data";

/** The content of a sign-in, registration or recovery card: the screen's heading, then the forms. */
export function AuthCard({ heading, intro, children }: { heading?: string; intro?: string; children: ReactNode }) {
  const text = usePageLanguage().messages.screen;
  const lead = intro ?? text?.intro;
  return (
    <div className="grid gap-5 px-4 pt-8 sm:px-8">
      <div>
        <h1 className="font-display text-3xl font-semibold text-leaf-800">{heading ?? text?.heading}</h1>
        {lead ? <p className="mt-2 text-sand-700">{lead}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** The line under a card's forms: the other way in (register, sign in). */
export function AuthFootnote({ children }: { children: ReactNode }) {
  return <p className="border-t border-sand-200 pt-5 text-center">{children}</p>;
}

/** The guard's `redirect`, as a query to carry between sign-in and registration ("" when none). */
export function keptRedirect(params: URLSearchParams): string {
  const target = params.get(REDIRECT_PARAM);
  return target ? `?${new URLSearchParams({ [REDIRECT_PARAM]: target })}` : "";
}
