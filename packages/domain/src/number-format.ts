import type { LocaleTag } from "./locale";
import type { MeasureUnit } from "./measure";

/**
 * Numbers written for people in the shop's three languages, without Intl.NumberFormat.
 *
 * Why not Intl: in a browser, the first Intl.NumberFormat a page makes costs 30-170 ms of the main
 * thread on this project's 2-core machine (ICU's number data; later ones cost microseconds), and the
 * public pages made one while hydrating (a price, a weight): one long task on every first visit, four
 * times longer on the phone Lighthouse simulates (decision 059). These functions write exactly what
 * ICU writes for es-ES, ca-ES and pt-PT (CLDR 48: `number-format.test.ts` compares them with Intl over
 * thousands of values), so the server's HTML and the browser's first render cannot disagree either.
 * They know the shop's languages only (the compiler holds callers to them), and are kept small: they
 * are on the first load of every page with a price.
 */
interface NumberStyle {
  /** Between groups of three digits (pt-PT: a no-break space). */
  readonly group: string;
  /** CLDR's minimumGroupingDigits: 2 writes 1234 but 12.345 (es, pt); 1 writes 1.234 (ca). */
  readonly minimumGroupingDigits: 1 | 2;
  /** Between a percentage and its sign ("21 %" with a no-break space; pt-PT "21%"). */
  readonly percentSpace: string;
}

const NO_BREAK_SPACE = "\u00a0";

const NUMBER_STYLES = {
  "es-ES": { group: ".", minimumGroupingDigits: 2, percentSpace: NO_BREAK_SPACE },
  "ca-ES": { group: ".", minimumGroupingDigits: 1, percentSpace: NO_BREAK_SPACE },
  "pt-PT": { group: NO_BREAK_SPACE, minimumGroupingDigits: 2, percentSpace: "" },
} as const satisfies Record<LocaleTag, NumberStyle>;

export interface FractionDigits {
  readonly minimumFractionDigits?: number;
  readonly maximumFractionDigits?: number;
}

/**
 * The shortest decimal text of |value| (what ICU starts from too: 1.35 is "1.35", not
 * 1.350000000000000088...), written out where JavaScript writes it with an exponent (5e-7, 1e21).
 */
function plainDigits(value: number): string {
  const text = String(Math.abs(value));
  const [, lead = "", rest = "", exponent] = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text) ?? [];
  if (exponent === undefined) return text;
  const power = Number(exponent);
  const digits = lead + rest;
  return power < 0 ? `0.${"0".repeat(-power - 1)}${digits}` : digits.padEnd(power + 1, "0");
}

/**
 * A finite `value` written with the language's signs (the decimal comma, groups of three once the
 * whole part is long enough), rounded half away from zero on its decimal text, as ICU rounds (1.25 ->
 * "1,3"). `shift` moves the point to the right on that text (a percentage: 0.145 is 14.5, not
 * 14.499999999999998). A negative value keeps its sign even when it rounds to zero, as Intl's does.
 */
function written(
  value: number,
  tag: LocaleTag,
  { minimumFractionDigits = 0, maximumFractionDigits = 3 }: FractionDigits,
  shift = 0,
): string {
  // No price, weight or rate is ever one; as JavaScript writes them rather than a wrong number.
  if (!Number.isFinite(value)) return String(value);
  const style: NumberStyle = NUMBER_STYLES[tag];
  const maximum = Math.max(maximumFractionDigits, minimumFractionDigits);
  const [whole = "0", fraction = ""] = plainDigits(value).split(".");
  const digits = whole + fraction;
  // The number scaled to `maximum` decimals as whole digits, plus one where the first dropped digit is 5 or more.
  const end = whole.length + shift + maximum;
  const scaled = BigInt(digits.padEnd(end, "0").slice(0, end)) + (Number(digits[end]) >= 5 ? 1n : 0n);
  const all = scaled.toString().padStart(maximum + 1, "0");
  const integer = all.slice(0, all.length - maximum);
  const decimals = all
    .slice(all.length - maximum)
    .replace(/0+$/, "")
    .padEnd(minimumFractionDigits, "0");
  const groups =
    integer.length < 3 + style.minimumGroupingDigits ? integer : integer.replace(/\B(?=(\d{3})+$)/g, style.group);
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${groups}${decimals ? `,${decimals}` : ""}`;
}

/** "1234,5", "12.345" (es-ES), "1.234,5" (ca-ES), "12 345" (pt-PT); at most 3 decimals unless told. */
export function formatNumber(value: number, tag: LocaleTag, digits: FractionDigits = {}): string {
  return written(value, tag, digits);
}

/** A fraction as a percentage: 0.21 -> "21 %" (es-ES, ca-ES), "21%" (pt-PT); no decimals unless told. */
export function formatPercent(
  fraction: number,
  tag: LocaleTag,
  { maximumFractionDigits = 0 }: Pick<FractionDigits, "maximumFractionDigits"> = {},
): string {
  return `${written(fraction, tag, { maximumFractionDigits }, 2)}${NUMBER_STYLES[tag].percentSpace}%`;
}

/** An amount of a unit products are measured in (its symbol is the same in the three languages): "500 ml", "1,5 kg". */
export function formatMeasure(amount: number, unit: Exclude<MeasureUnit, "unit">, tag: LocaleTag): string {
  return `${written(amount, tag, { maximumFractionDigits: 2 })} ${unit}`;
}

/** Euros, the shop's currency: "1234,50 €" (es-ES, pt-PT), "1.234,50 €" (ca-ES). */
export function formatEuros(amount: number, tag: LocaleTag): string {
  return `${written(amount, tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${NO_BREAK_SPACE}€`;
}
