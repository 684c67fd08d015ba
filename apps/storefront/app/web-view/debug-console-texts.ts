import type { Locale } from "@shop/domain";

/**
 * The debug console's words (staff in the app read it, in the page's language). Only the web
 * view's chunk imports them, so no page's first load carries them.
 */
export const DEBUG_CONSOLE_TEXTS = {
  es: {
    title: "Consola de depuración",
    entries: { one: "{count} registro", other: "{count} registros" },
    collapse: "Contraer",
    expand: "Expandir",
    clear: "Vaciar",
  },
  ca: {
    title: "Consola de depuració",
    entries: { one: "{count} registre", other: "{count} registres" },
    collapse: "Replega",
    expand: "Desplega",
    clear: "Buida",
  },
  pt: {
    title: "Consola de depuração",
    entries: { one: "{count} registo", other: "{count} registos" },
    collapse: "Recolher",
    expand: "Expandir",
    clear: "Limpar",
  },
} as const satisfies Record<
  Locale,
  Record<"title" | "collapse" | "expand" | "clear", string> & { entries: Record<"one" | "other", string> }
>;
