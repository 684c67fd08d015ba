/** The shop's main button (orange background, dark text for contrast); add margins where used. */
export const PRIMARY_BUTTON =
  "inline-flex min-h-12 items-center justify-center rounded-full bg-carrot-500 px-6 font-bold text-sand-900 hover:bg-carrot-400";

/** A quieter second action beside the main button: outlined, same size. */
export const SECONDARY_BUTTON =
  "inline-flex min-h-12 items-center justify-center rounded-full border-2 border-leaf-700 px-6 font-bold text-leaf-800 hover:bg-leaf-50";

/** An action worded as a link (underlined, no box), at least 44 px tall for a finger. */
export const TEXT_BUTTON = "inline-flex min-h-11 items-center font-semibold text-leaf-700 underline";
