import type { AuthTexts } from "~/i18n/auth";
import { format } from "~/i18n/format";
import { PROVIDER_NAMES, type OfferedProvider } from "~/social";

/** The providers the shop has keys for (social.server.ts); nothing at all when it has none. */
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
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-sand-900 px-6 font-bold text-white hover:bg-sand-700"
        >
          {format(texts.login.continueWith, { provider: PROVIDER_NAMES[provider.id] })}
        </a>
      ))}
    </section>
  );
}
