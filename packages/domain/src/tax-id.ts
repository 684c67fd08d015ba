/**
 * Tax identification numbers of the shop's customers: Spanish NIF (a person's DNI or NIE, a
 * company's CIF, the K/L/M numbers of people without a DNI), Portuguese NIF/NIPC, and EU VAT numbers
 * with their country prefix (docs/decisions/039). Checks the shape and the check character, as the
 * tax offices define them (Spanish and Portuguese ones, with or without the ES/PT prefix); other
 * member states' VAT numbers by their format only. Whether the number was ever issued only the tax
 * office (or VIES) knows.
 */

export type TaxIdKind = "dni" | "nie" | "nif-klm" | "cif" | "nif-pt" | "vat";

/**
 * The VAT number formats of the other member states (and Northern Ireland's XI), after the prefix,
 * as the Commission's VIES documents them. Greece's prefix is EL, not its ISO code.
 */
const VAT_FORMATS = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
} as const satisfies Record<string, RegExp>;

/** The country of a tax id: Spain, Portugal, or another member state by its VAT prefix. */
export type TaxIdCountry = "ES" | "PT" | keyof typeof VAT_FORMATS;

export interface TaxId {
  country: TaxIdCountry;
  kind: TaxIdKind;
  /**
   * Upper case, without spaces, dots or dashes: how it is stored. A Spanish or Portuguese id without
   * its VAT prefix; another member state's VAT number with it ("FR40303265045").
   */
  value: string;
}

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const CIF_CONTROL_LETTERS = "JABCDEFGHI";
/** Organisation letters whose control character is a letter, and those whose is a digit. */
const CIF_LETTER_CONTROL = new Set(["N", "P", "Q", "R", "S", "W"]);
const CIF_DIGIT_CONTROL = new Set(["A", "B", "E", "H"]);

function dniLetter(digits: string): string {
  return DNI_LETTERS[Number(digits) % 23]!;
}

/** The CIF control digit of its seven digits (0-9). */
function cifControl(digits: string): number {
  let sum = 0;
  for (let index = 0; index < 7; index++) {
    const digit = Number(digits[index]);
    if (index % 2 === 1) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  return (10 - (sum % 10)) % 10;
}

function spanish(value: string): TaxId | null {
  let match = /^(\d{8})([A-Z])$/.exec(value);
  if (match) return match[2] === dniLetter(match[1]!) ? { country: "ES", kind: "dni", value } : null;

  match = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
  if (match) {
    const digits = `${"XYZ".indexOf(match[1]!)}${match[2]}`;
    return match[3] === dniLetter(digits) ? { country: "ES", kind: "nie", value } : null;
  }

  match = /^([KLM])(\d{7})([A-Z])$/.exec(value);
  if (match) return match[3] === dniLetter(match[2]!) ? { country: "ES", kind: "nif-klm", value } : null;

  match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
  if (match) {
    const [, letter = "", digits = "", given = ""] = match;
    const control = cifControl(digits);
    const asDigit = given === String(control);
    const asLetter = given === CIF_CONTROL_LETTERS[control];
    // Entities whose number starts with 00 (non-resident ones) always use a letter.
    const wantsLetter = CIF_LETTER_CONTROL.has(letter) || digits.startsWith("00");
    const ok = wantsLetter ? asLetter : CIF_DIGIT_CONTROL.has(letter) ? asDigit : asDigit || asLetter;
    return ok ? { country: "ES", kind: "cif", value } : null;
  }
  return null;
}

/** First digits a Portuguese NIF/NIPC may start with (people, companies, public bodies, estates...). */
const PT_PREFIXES = /^(?:[1235689]|45|7[0-9])/;

function portuguese(value: string): TaxId | null {
  if (!/^\d{9}$/.test(value) || !PT_PREFIXES.test(value)) return null;
  let sum = 0;
  for (let index = 0; index < 8; index++) sum += Number(value[index]) * (9 - index);
  const remainder = sum % 11;
  const check = remainder < 2 ? 0 : 11 - remainder;
  return Number(value[8]) === check ? { country: "PT", kind: "nif-pt", value } : null;
}

const compactOf = (input: string) => input.toUpperCase().replace(/[\s.\-/]/g, "");

/**
 * A VAT number with its country prefix ("ESB12345674", "FR40303265045"), the Spanish and Portuguese
 * ones checked to their check character; undefined when `compact` has no prefix at all (no Spanish
 * or Portuguese national id starts with two letters), null when it has one but is no valid number.
 */
function prefixed(compact: string): TaxId | null | undefined {
  const match = /^([A-Z]{2})(.*)$/.exec(compact);
  if (!match) return undefined;
  const [, prefix = "", rest = ""] = match;
  if (prefix === "ES") return spanish(rest);
  if (prefix === "PT") return portuguese(rest);
  if (!Object.hasOwn(VAT_FORMATS, prefix)) return null;
  const country = prefix as keyof typeof VAT_FORMATS;
  return VAT_FORMATS[country].test(rest) ? { country, kind: "vat", value: compact } : null;
}

/**
 * Reads a tax id as people type it ("b-12.345.674", "ES B12345674", "PT 501 964 843",
 * "FR 40 303 265 045"): a Spanish or Portuguese one, or an EU VAT number with its prefix; null when
 * it is not a valid one. Where the customer lives is not known here (a profile's tax id): see
 * parseTaxIdFor for an invoice's, which has an address.
 */
export function parseTaxId(input: string): TaxId | null {
  const compact = compactOf(input);
  if (compact.length > 16) return null;
  return prefixed(compact) ?? spanish(compact) ?? portuguese(compact);
}

/** Why an invoice's tax id is refused, as the forms' field error codes. */
export type TaxIdRefusal = "invalidTaxId" | "taxIdNotForCountry";

/**
 * An invoice's tax id read with its billing address's country (docs/decisions/039): without a
 * prefix it must be that country's national id (a Spanish NIF/NIE/CIF for an address in Spain, a
 * Portuguese NIF for one in Portugal); with a prefix, any EU VAT number (a business of another
 * member state), stored with its prefix unless it is the address country's own. `taxIdNotForCountry`
 * when it is a valid id of the other country given without its prefix.
 */
export function parseTaxIdFor(
  input: string,
  addressCountry: string,
): { ok: true; taxId: TaxId } | { ok: false; code: TaxIdRefusal } {
  const compact = compactOf(input);
  if (compact.length > 16) return { ok: false, code: "invalidTaxId" };
  const withPrefix = prefixed(compact);
  if (withPrefix === null) return { ok: false, code: "invalidTaxId" };
  if (withPrefix !== undefined) {
    const own = withPrefix.country === addressCountry || withPrefix.kind === "vat";
    return { ok: true, taxId: own ? withPrefix : { ...withPrefix, value: `${withPrefix.country}${withPrefix.value}` } };
  }
  const national = addressCountry === "ES" ? spanish(compact) : addressCountry === "PT" ? portuguese(compact) : null;
  if (national !== null) return { ok: true, taxId: national };
  return { ok: false, code: parseTaxId(compact) === null ? "invalidTaxId" : "taxIdNotForCountry" };
}

export function isValidTaxId(input: string): boolean {
  return parseTaxId(input) !== null;
}
