/**
 * The shop's look in e-mail. Mail clients ignore style sheets and web fonts unevenly, so every
 * template styles its elements inline from these values (React Email turns `style` into inline CSS).
 */
export const colors = {
  green: "#2f6b3a",
  orange: "#e8743b",
  beige: "#f6efe3",
  white: "#ffffff",
  text: "#2b2620",
  muted: "#6b5a40",
  line: "#e2d5bd",
} as const;

/** Nunito is the storefront's font; mail clients without it fall back to a system sans-serif. */
export const fontFamily = "Nunito, 'Segoe UI', Helvetica, Arial, sans-serif";

export const SHOP_NAME = "Imperfecta";
