import { ScreenLink } from "./screen-link";
import { usePageLanguage } from "~/root-data";

export function LogoMark({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <circle cx="24" cy="27" r="17" fill="#f08a24" />
      <path d="M16 24c2-5 6-6 8-6" stroke="#ffe8d1" strokeWidth="3" strokeLinecap="round" fill="none" />
      <path d="M24 11c0-5 4-8 9-8-1 5-4 8-9 8z" fill="#3b7f1f" />
      <path d="M24 11c-1-4-4-6-8-6 1 4 4 6 8 6z" fill="#4c9a2a" />
      <path d="M24 10v4" stroke="#234c13" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** The shop's name, a little smaller on phones so that the header's buttons fit beside it at 320 px. */
export function Logo() {
  const { messages } = usePageLanguage();
  return (
    <ScreenLink screen="home" className="flex shrink-0 items-center gap-2 rounded-lg" aria-label={messages.site.name}>
      <LogoMark className="h-8 w-8 sm:h-9 sm:w-9" />
      <span className="font-display text-xl font-semibold tracking-tight text-leaf-800 sm:text-2xl">
        {messages.site.name}
      </span>
    </ScreenLink>
  );
}
