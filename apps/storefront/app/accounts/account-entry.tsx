import { ScreenLink } from "~/components/screen-link";
import { usePageLanguage, useRootData } from "~/root-data";

/**
 * "Sign in" for visitors, "My account" for signed-in customers. In the header the text shows from
 * lg up; below, the icon stands alone and the text still names the link for screen readers.
 */
export function AccountEntry({ iconOnlyBelowLg = false }: { iconOnlyBelowLg?: boolean }) {
  const data = useRootData();
  const { messages } = usePageLanguage();
  const signedIn = Boolean(data?.user);
  return (
    <ScreenLink
      screen={signedIn ? "account" : "login"}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full text-sm font-semibold text-leaf-800 hover:bg-leaf-100 ${
        iconOnlyBelowLg ? "lg:px-3" : "px-3"
      }`}
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6 shrink-0" aria-hidden="true" focusable="false">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c1-4 4-6 8-6s7 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={`whitespace-nowrap ${iconOnlyBelowLg ? "max-lg:sr-only" : ""}`}>
        {signedIn ? messages.nav.account : messages.nav.signIn}
      </span>
    </ScreenLink>
  );
}
