/** The shop's main button (orange background, dark text for contrast); add margins where used. */
export const PRIMARY_BUTTON =
  "inline-flex min-h-12 items-center justify-center rounded-full bg-carrot-500 px-6 font-bold text-sand-900 hover:bg-carrot-400";
