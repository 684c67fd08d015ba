import type { AuthTexts } from "~/accounts/auth-texts";
import { format } from "~/i18n/format";
import { PROVIDER_NAMES, type OfferedProvider } from "~/social";

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
          data-provider={provider.id}
          className="provider-button inline-flex min-h-12 items-center justify-center gap-3 rounded-full px-6 font-semibold"
        >
          {/* Each brand's look and logo (app.css, public/social) stay out of the page's script. */}
          <img src={`/social/${provider.id}.svg`} alt="" width={20} height={20} />
          {format(texts.login.continueWith, { provider: PROVIDER_NAMES[provider.id] })}
        </a>
      ))}
    </section>
  );
}
