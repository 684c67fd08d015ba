/**
 * Google Tag Manager settings (specification, sections 5 and 9). The storefront checks them once at
 * start (env.server.ts), so a typo stops the server instead of silently measuring nothing.
 */

/** A container id: "GTM-" then uppercase letters or digits. */
const GTM_ID = /^GTM-[A-Z0-9]+$/;

/** The data layer is a property of `window`: its name must be a plain JavaScript identifier. */
const DATA_LAYER_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const DEFAULT_DATA_LAYER_NAME = "dataLayer";

export function isGtmId(value: string): boolean {
  return GTM_ID.test(value);
}

/**
 * The id that was most likely meant: surrounding spaces, lowercase letters, a missing or mistyped
 * or doubled prefix and stray separators are fixed (" gtm-ab12c " and "gtm_ab12c" both give "GTM-AB12C").
 * Null when no letter or digit is left to make an id of.
 */
export function suggestGtmId(value: string): string | null {
  const body = value
    .trim()
    .toUpperCase()
    // Every container id starts with GTM, so leading GTMs are the prefix, dash forgotten or not
    // ("GTMAB12C" is GTM-AB12C: a body that itself starts with GTM is far less likely).
    .replace(/^(?:GTM[^A-Z0-9]*)+/, "")
    .replace(/[^A-Z0-9]/g, "");
  return body ? `GTM-${body}` : null;
}

/** Why `value` is not a container id, with the corrected id when one can be guessed; null when it is one. */
export function gtmIdProblem(value: string): string | null {
  if (isGtmId(value)) return null;
  const suggestion = suggestGtmId(value);
  const expected = `"${value}" is not a Google Tag Manager id (GTM- then uppercase letters or digits)`;
  return suggestion ? `${expected}; did you mean "${suggestion}"?` : expected;
}

export function isDataLayerName(value: string): boolean {
  return DATA_LAYER_NAME.test(value);
}
