import { LOCALES, type Locale } from "./locales";
import { SCREEN_IDS, SCREEN_PATHS, type ScreenId } from "./table";

export type RouteParams = Readonly<Record<string, string | undefined>>;

export interface ScreenMatch {
  readonly id: ScreenId;
  readonly locale: Locale;
  readonly params: RouteParams;
  /** The pattern that matched, as written in the table. */
  readonly pattern: string;
  readonly canonical: boolean;
}

interface Segment {
  readonly kind: "static" | "param" | "optional";
  /** Decoded literal for static segments, parameter name otherwise. */
  readonly value: string;
}

interface CompiledPattern {
  readonly id: ScreenId;
  readonly locale: Locale;
  readonly pattern: string;
  readonly canonical: boolean;
  readonly segments: readonly Segment[];
  readonly score: number;
}

function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function compile(pattern: string): Segment[] {
  return splitPath(pattern).map((raw): Segment => {
    if (raw.startsWith(":")) {
      return raw.endsWith("?") ? { kind: "optional", value: raw.slice(1, -1) } : { kind: "param", value: raw.slice(1) };
    }
    return { kind: "static", value: safeDecode(raw) ?? raw };
  });
}

// Static segments outrank parameters, so /pt/admin/orders never matches /pt/admin/:id-like patterns.
function scoreOf(segments: readonly Segment[]): number {
  return segments.reduce(
    (sum, segment) => sum + (segment.kind === "static" ? 10 : segment.kind === "param" ? 3 : 1),
    0,
  );
}

let compiled: readonly CompiledPattern[] | undefined;

/**
 * Every pattern of the table, most specific first. Compiled on the first match rather than when
 * the module loads: the browser only builds paths, so its bundle leaves this out (decision 006).
 */
function compiledPatterns(): readonly CompiledPattern[] {
  compiled ??= SCREEN_IDS.flatMap((id) =>
    LOCALES.flatMap((locale) =>
      SCREEN_PATHS[id][locale].map((pattern, index) => {
        const segments = compile(pattern);
        return { id, locale, pattern, canonical: index === 0, segments, score: scoreOf(segments) };
      }),
    ),
  ).sort((a, b) => b.score - a.score);
  return compiled;
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  let index = 0;
  for (const segment of segments) {
    const part = parts[index];
    if (segment.kind === "optional") {
      if (part !== undefined) {
        params[segment.value] = part;
        index += 1;
      }
      continue;
    }
    if (part === undefined) return null;
    if (segment.kind === "static" && segment.value !== part) return null;
    if (segment.kind === "param") params[segment.value] = part;
    index += 1;
  }
  return index === parts.length ? params : null;
}

/** Finds the screen, language and parameters of a path (with or without a trailing slash). */
export function matchScreen(pathname: string): ScreenMatch | null {
  const parts: string[] = [];
  for (const raw of splitPath(pathname)) {
    const decoded = safeDecode(raw);
    if (decoded === null) return null;
    parts.push(decoded);
  }
  for (const candidate of compiledPatterns()) {
    const params = matchSegments(candidate.segments, parts);
    if (params) {
      return {
        id: candidate.id,
        locale: candidate.locale,
        params,
        pattern: candidate.pattern,
        canonical: candidate.canonical,
      };
    }
  }
  return null;
}

export class MissingRouteParamError extends Error {
  constructor(id: ScreenId, name: string) {
    super(`Route "${id}" needs the parameter "${name}"`);
    this.name = "MissingRouteParamError";
  }
}

/** Builds the canonical, percent-encoded path of a screen in a language. */
export function pathTo(id: ScreenId, locale: Locale, params: RouteParams = {}): string {
  const pattern = SCREEN_PATHS[id][locale][0];
  const built = splitPath(pattern).flatMap((raw) => {
    if (!raw.startsWith(":")) return [raw];
    const optional = raw.endsWith("?");
    const name = optional ? raw.slice(1, -1) : raw.slice(1);
    const value = params[name];
    if (value === undefined || value === "") {
      if (optional) return [];
      throw new MissingRouteParamError(id, name);
    }
    return [encodeURIComponent(value)];
  });
  return "/" + built.join("/");
}

/** The same screen with the same parameters in every language (language switcher, hreflang). */
export function alternatesOf(
  id: ScreenId,
  params: RouteParams = {},
  paramsByLocale: Partial<Record<Locale, RouteParams>> = {},
): Record<Locale, string> {
  const result = {} as Record<Locale, string>;
  for (const locale of LOCALES) result[locale] = pathTo(id, locale, paramsByLocale[locale] ?? params);
  return result;
}

/** The router-side pattern: React Router matches decoded paths, so `%20` becomes a space. */
export function toRouterPattern(pattern: string): string {
  return (
    "/" +
    splitPath(pattern)
      .map((segment) => (segment.startsWith(":") ? segment : (safeDecode(segment) ?? segment)))
      .join("/")
  );
}
