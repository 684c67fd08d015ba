import { Outlet } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { StepIndicator } from "~/components/step-indicator";
import { usePageLanguage } from "~/root-data";

/** The order flow: no shop navigation, a step indicator, and the way back to the shop via the logo. */
export default function BuyProcessLayout() {
  const { messages } = usePageLanguage();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-sand-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
          <Logo />
          <div className="flex items-center gap-2">
            <span className="hidden items-center gap-1 text-sm font-semibold text-leaf-700 sm:inline-flex">
              <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" focusable="false">
                <rect x="5" y="10" width="14" height="10" rx="2" fill="currentColor" />
                <path d="M8 10V7a4 4 0 018 0v3" stroke="currentColor" strokeWidth="2" fill="none" />
              </svg>
              {messages.checkout.secure}
            </span>
            <LanguageSwitcher />
          </div>
        </div>
        <StepIndicator />
      </header>
      <main id="main" className="flex-1 pb-10">
        <Outlet />
      </main>
    </div>
  );
}
