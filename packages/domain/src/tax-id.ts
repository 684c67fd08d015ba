/**
 * Tax identification numbers of the shop's customers: Spanish NIF (a person's DNI or NIE, a
 * company's CIF, the K/L/M numbers of people without a DNI) and Portuguese NIF/NIPC. Checks the
 * shape and the check character, as the tax offices define them; whether the number was ever issued
 * only the tax office knows.
 */

export type TaxIdKind = "dni" | "nie" | "nif-klm" | "cif" | "nif-pt";

export interface TaxId {
  country: "ES" | "PT";
  kind: TaxIdKind;
  /** Upper case, without spaces, dots, dashes or the VAT country prefix: how it is stored. */
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

/**
 * Reads a Spanish or Portuguese tax id as people type it ("b-12.345.674", "ES B12345674",
 * "PT 501 964 843"); null when it is not a valid one.
 */
export function parseTaxId(input: string): TaxId | null {
  const compact = input.toUpperCase().replace(/[\s.\-/]/g, "");
  if (compact.length > 16) return null;
  if (compact.startsWith("ES")) return spanish(compact.slice(2));
  if (compact.startsWith("PT")) return portuguese(compact.slice(2));
  return spanish(compact) ?? portuguese(compact);
}

export function isValidTaxId(input: string): boolean {
  return parseTaxId(input) !== null;
}
