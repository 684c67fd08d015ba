import type { AuthTexts } from "~/i18n/auth";
import { format } from "~/i18n/format";
import { PROVIDER_NAMES, type OfferedProvider, type SocialProvider } from "~/social";

/**
 * Each provider's button as its brand rules ask (docs/decisions/025): its own logo (small SVG files
 * of public/social, so the sign-in page's script does not grow), "Continue with {provider}", Google
 * and Microsoft light with a grey outline, Facebook blue, Apple black.
 */
const LOOKS: Record<SocialProvider, string> = {
  apple: "bg-black text-white hover:bg-sand-900",
  google: "bg-white text-[#1f1f1f] ring-1 ring-[#747775] hover:bg-sand-50",
  microsoft: "bg-white text-[#5e5e5e] ring-1 ring-[#8c8c8c] hover:bg-sand-50",
  facebook: "bg-[#1877f2] text-white hover:bg-[#166fe5]",
};

/** The providers the shop has keys for (social.server.ts); nothing at all when it has none. Plain links: no script. */
export function SocialSignIn({ providers, texts }: { providers: readonly OfferedProvider[]; texts: AuthTexts }) {
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby="social-sign-in" className="grid gap-3">
      <h2 id="social-sign-in" className="text-center text-sm font-semibold text-sand-700">
        {texts.login.orWith}
      </h2>
      {providers.map((provider) => (
        <a
          key={provider.id}
          href={provider.url}
          className={`inline-flex min-h-12 items-center justify-center gap-3 rounded-full px-6 font-semibold ${LOOKS[provider.id]}`}
        >
          <img src={`/social/${provider.id}.svg`} alt="" width={20} height={20} />
          {format(texts.login.continueWith, { provider: PROVIDER_NAMES[provider.id] })}
        </a>
      ))}
    </section>
  );
}
