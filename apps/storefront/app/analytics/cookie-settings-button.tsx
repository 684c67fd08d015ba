import type { ReactNode } from "react";
import { OPEN_COOKIE_SETTINGS } from "./events";

/** Opens the cookie preferences again; rendered only where the shop has analytics to consent to. */
export function CookieSettingsButton({ className, children }: { className: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={className}
      onClick={() => window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS))}
    >
      {children}
    </button>
  );
}
