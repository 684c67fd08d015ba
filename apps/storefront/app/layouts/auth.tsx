import { TEXT_BUTTON } from "~/components/button-styles";
import { FlashNotice } from "~/accounts/flash-notice";
import { Outlet } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { ScreenLink } from "~/components/screen-link";
import { usePageLanguage } from "~/root-data";

/** Sign-in and recovery: a calm card, with no shop navigation to distract. */
export default function AuthLayout() {
  const { messages } = usePageLanguage();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-leaf-50 to-sand-100">
      <header className="mx-auto flex w-full max-w-lg items-center justify-between gap-2 px-4 py-4">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main id="main" className="mx-auto w-full max-w-lg flex-1 px-4 pb-10">
        <FlashNotice />
        <div className="mt-4 rounded-3xl bg-white pb-8 shadow-sm ring-1 ring-sand-200">
          <Outlet />
        </div>
        <p className="mt-6 text-center">
          <ScreenLink screen="home" className={TEXT_BUTTON}>
            {messages.nav.backToShop}
          </ScreenLink>
        </p>
      </main>
    </div>
  );
}
