import { OAUTH_PROVIDERS, type OAuthProvider } from "@shop/contracts";

/** The sign-in providers of the specification (section 7), and their names as shown. */
export const SOCIAL_PROVIDERS = ["apple", "google", "facebook", "microsoft"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The providers whose authorization-code flow the storefront runs (the rest: Apple, which posts back). */
export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === "string" && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === "string" && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  apple: "Apple",
  google: "Google",
  facebook: "Facebook",
  microsoft: "Microsoft",
};

export interface OfferedProvider {
  readonly id: SocialProvider;
  /** The provider's sign-in page for this shop. */
  readonly url: string;
}

/** A provider link as the sign-in and register pages show it (labelled on the server: social-texts.server.ts). */
export interface ProviderLink extends OfferedProvider {
  /** "Continue with Google", in the page's language. */
  readonly label: string;
}
