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
 * Any other language tag is handed to Intl, made once per tag and options.
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
const DECIMAL_SIGN = ",";

const NUMBER_STYLES = {
  "es-ES": { group: ".", minimumGroupingDigits: 2, percentSpace: NO_BREAK_SPACE },
  "ca-ES": { group: ".", minimumGroupingDigits: 1, percentSpace: NO_BREAK_SPACE },
  "pt-PT": { group: NO_BREAK_SPACE, minimumGroupingDigits: 2, percentSpace: "" },
} as const satisfies Record<string, NumberStyle>;

/** The short symbols of the units products are measured in, the same in the three languages. */
const UNIT_SYMBOLS = {
  kg: "kg",
  g: "g",
  l: "l",
  ml: "ml",
} as const satisfies Record<Exclude<MeasureUnit, "unit">, string>;

/** Intl's names of the same units, for a language the table above does not know. */
const INTL_UNITS = {
  kg: "kilogram",
  g: "gram",
  l: "liter",
  ml: "milliliter",
} as const satisfies Record<keyof typeof UNIT_SYMBOLS, string>;

export interface FractionDigits {
  readonly minimumFractionDigits?: number;
  readonly maximumFractionDigits?: number;
}

const styleOf = (localeTag: string): NumberStyle | undefined =>
  (NUMBER_STYLES as Record<string, NumberStyle>)[localeTag];

/** Intl's formatters made so far, by tag and options: making one costs far more than using it. */
const intlFormats = new Map<string, Intl.NumberFormat>();

function intlFormat(localeTag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${localeTag} ${JSON.stringify(options)}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeTag, options);
    intlFormats.set(key, format);
  }
  return format;
}

/**
 * The digits of |value| in plain decimal notation, the point moved `shift` places to the right,
 * from the shortest text that reads back as the same double (what ICU starts from too: 1.35 is
 * "1.35", not 1.350000000000000088...). Null for what that text writes with an exponent.
 */
function decimalDigits(value: number, shift: number): { whole: string; fraction: string } | null {
  const text = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  const digits = whole + fraction.padEnd(shift, "0");
  const point = whole.length + shift;
  return { whole: digits.slice(0, point).replace(/^0+(?=\d)/, ""), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits ("199" -> "200", "99" -> "100"). */
function incremented(digits: string): string {
  let carry = 1;
  let result = "";
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    const digit = Number(digits[index]) + carry;
    carry = digit === 10 ? 1 : 0;
    result = String(digit % 10) + result;
  }
  return carry ? `1${result}` : result;
}

/** Groups of three from the right, once the whole part is long enough for the language. */
function grouped(whole: string, style: NumberStyle): string {
  if (whole.length < 3 + style.minimumGroupingDigits) return whole;
  const head = whole.length % 3 || 3;
  const groups = [whole.slice(0, head)];
  for (let index = head; index < whole.length; index += 3) groups.push(whole.slice(index, index + 3));
  return groups.join(style.group);
}

/**
 * The number written with the language's signs, rounded half away from zero on its decimal text (as
 * ICU rounds: 1.25 -> "1,3"). A negative value keeps its sign even when it rounds to zero, as Intl's
 * does ("-0"). Null where the table cannot write it (an exponent, no finite value).
 */
function written(value: number, style: NumberStyle, shift: number, digits: Required<FractionDigits>): string | null {
  if (!Number.isFinite(value)) return null;
  const decimal = decimalDigits(value, shift);
  if (!decimal) return null;
  let { whole, fraction } = decimal;
  if (fraction.length > digits.maximumFractionDigits) {
    const roundUp = Number(fraction[digits.maximumFractionDigits]) >= 5;
    fraction = fraction.slice(0, digits.maximumFractionDigits);
    if (roundUp) {
      const bumped = incremented(whole + fraction);
      whole = bumped.slice(0, bumped.length - fraction.length);
      fraction = bumped.slice(bumped.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, "").padEnd(digits.minimumFractionDigits, "0");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${grouped(whole, style)}${fraction ? DECIMAL_SIGN + fraction : ""}`;
}

function fractionDigits(
  { minimumFractionDigits = 0, maximumFractionDigits }: FractionDigits,
  defaultMaximum: number,
): Required<FractionDigits> {
  return {
    minimumFractionDigits,
    maximumFractionDigits: Math.max(maximumFractionDigits ?? defaultMaximum, minimumFractionDigits),
  };
}

/** "1234,5", "12.345" (es-ES), "1.234,5" (ca-ES), "12 345" (pt-PT); at most 3 decimals unless told. */
export function formatNumber(value: number, localeTag: string, digits: FractionDigits = {}): string {
  const style = styleOf(localeTag);
  const options = fractionDigits(digits, 3);
  return (style && written(value, style, 0, options)) ?? intlFormat(localeTag, options).format(value);
}

/** A fraction as a percentage: 0.21 -> "21 %" (es-ES, ca-ES), "21%" (pt-PT); no decimals unless told. */
export function formatPercent(fraction: number, localeTag: string, digits: FractionDigits = {}): string {
  const style = styleOf(localeTag);
  const options = fractionDigits(digits, 0);
  // The point moves on the decimal text, so 0.145 is 14.5 and not 14.499999999999998.
  const number = style && written(fraction, style, 2, options);
  return number
    ? `${number}${style.percentSpace}%`
    : intlFormat(localeTag, { style: "percent", ...options }).format(fraction);
}

/** An amount of a unit products are measured in: "500 ml", "1,5 kg" (at most 2 decimals). */
export function formatMeasure(amount: number, unit: keyof typeof UNIT_SYMBOLS, localeTag: string): string {
  const style = styleOf(localeTag);
  const options = { minimumFractionDigits: 0, maximumFractionDigits: 2 };
  const number = style && written(amount, style, 0, options);
  return number
    ? `${number} ${UNIT_SYMBOLS[unit]}`
    : intlFormat(localeTag, { style: "unit", unit: INTL_UNITS[unit], unitDisplay: "short", ...options }).format(amount);
}

/** An amount of money in a currency's major unit: "1234,50 €" (es-ES, pt-PT), "1.234,50 €" (ca-ES). */
export function formatCurrency(amount: number, localeTag: string, currency: string): string {
  const style = styleOf(localeTag);
  // The table writes euros, the shop's currency; any other goes to Intl, which knows its symbol.
  const number =
    currency === "EUR" && style && written(amount, style, 0, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return number ? `${number}${NO_BREAK_SPACE}€` : intlFormat(localeTag, { style: "currency", currency }).format(amount);
}
