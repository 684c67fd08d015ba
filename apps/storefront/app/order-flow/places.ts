/**
 * Google Places address suggestions for the delivery step, only when the shop has a Maps key
 * (GOOGLE_MAPS_API_KEY): the Maps JavaScript API with its places library is loaded on that step
 * alone, then suggests addresses as the customer types the first line, and a chosen one fills the
 * address fields. The form stays a plain form: without the key, offline, or should Google fail,
 * nothing happens. It cannot be exercised offline, so it touches nothing but the fields it fills.
 */

interface AddressComponent {
  readonly long_name: string;
  readonly short_name: string;
  readonly types: readonly string[];
}

interface Autocomplete {
  addListener(event: "place_changed", handler: () => void): void;
  getPlace(): { address_components?: readonly AddressComponent[] };
}

interface PlacesLibrary {
  Autocomplete?: new (
    input: HTMLInputElement,
    options: { componentRestrictions: { country: string[] }; fields: string[]; types: string[] },
  ) => Autocomplete;
}

declare global {
  interface Window {
    google?: { maps?: { importLibrary?: (name: "places") => Promise<PlacesLibrary> } };
    shopPlacesReady?: () => void;
  }
}

/** The postal fields a suggestion fills, by name (their prefix apart). */
export interface FoundAddress {
  readonly line1: string;
  readonly postalCode: string;
  readonly city: string;
  readonly region: string;
  readonly country: string;
}

let loading: Promise<PlacesLibrary | null> | null = null;

function loadPlaces(key: string, language: string): Promise<PlacesLibrary | null> {
  loading ??= new Promise<PlacesLibrary | null>((resolve) => {
    window.shopPlacesReady = () => {
      const importLibrary = window.google?.maps?.importLibrary;
      resolve(importLibrary ? importLibrary("places").catch(() => null) : null);
    };
    const script = document.createElement("script");
    const query = new URLSearchParams({
      key,
      libraries: "places",
      language,
      loading: "async",
      callback: "shopPlacesReady",
    });
    script.src = `https://maps.googleapis.com/maps/api/js?${query}`;
    script.async = true;
    // The page's CSP admits scripts with its nonce (kept by the browser on the page's own scripts).
    script.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
  return loading;
}

/** A place's parts as the address fields take them. */
export function foundAddress(components: readonly AddressComponent[]): FoundAddress {
  const part = (type: string, short = false) => {
    const found = components.find((component) => component.types.includes(type));
    return (short ? found?.short_name : found?.long_name) ?? "";
  };
  const street = [part("route"), part("street_number")].filter(Boolean).join(", ");
  return {
    line1: street,
    postalCode: part("postal_code"),
    city: part("locality") || part("postal_town") || part("administrative_area_level_3"),
    region: part("administrative_area_level_2") || part("administrative_area_level_1"),
    country: part("country", true),
  };
}

/**
 * Suggests addresses in Spain and Portugal as `input` is typed; `onFound` gets the one chosen.
 * Whether suggestions are on (false when Google could not be reached).
 */
export async function suggestAddresses(
  input: HTMLInputElement,
  { key, language, onFound }: { key: string; language: string; onFound: (address: FoundAddress) => void },
): Promise<boolean> {
  const places = await loadPlaces(key, language);
  if (!places?.Autocomplete) return false;
  const autocomplete = new places.Autocomplete(input, {
    componentRestrictions: { country: ["es", "pt"] },
    fields: ["address_components"],
    types: ["address"],
  });
  autocomplete.addListener("place_changed", () => {
    const components = autocomplete.getPlace().address_components;
    if (components) onFound(foundAddress(components));
  });
  return true;
}
