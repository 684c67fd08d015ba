import type { AuthTexts } from "~/accounts/auth-texts";
import type { ProviderLink } from "~/social";

/**
 * The providers the shop has keys for (social.server.ts); nothing at all when it has none. Plain links
 * with their labels from the loader: no script of their own, and no providers' names in the bundle.
 */
export function SocialSignIn({ providers, texts }: { providers: readonly ProviderLink[]; texts: AuthTexts }) {
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
          {provider.label}
        </a>
      ))}
    </section>
  );
}
