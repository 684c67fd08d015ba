import { ScreenLink } from "./screen-link";
import { usePageLanguage, useRootData } from "~/root-data";

/** "Sign in" for visitors, "My account" for signed-in customers. */
export function AccountEntry() {
  const data = useRootData();
  const { messages } = usePageLanguage();
  const signedIn = Boolean(data?.user);
  return (
    <ScreenLink
      screen={signedIn ? "account" : "login"}
      className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-leaf-800 hover:bg-leaf-100"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c1-4 4-6 8-6s7 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="whitespace-nowrap">{signedIn ? messages.nav.account : messages.nav.signIn}</span>
    </ScreenLink>
  );
}
