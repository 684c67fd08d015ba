import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidTaxId, parseTaxId, parseTaxIdFor } from "./tax-id";

describe("Spanish and Portuguese tax ids", () => {
  it.each([
    ["12345678Z", "dni"],
    ["00000000T", "dni"],
    ["X1234567L", "nie"],
    ["Y1234567X", "nie"],
    ["Z1234567R", "nie"],
    ["K1234567L", "nif-klm"],
    ["B12345674", "cif"],
    ["A58818501", "cif"],
    ["Q2826000H", "cif"],
    ["P0800000B", "cif"],
    ["G1234567D", "cif"],
    ["G12345674", "cif"],
    ["501964843", "nif-pt"],
    ["123456789", "nif-pt"],
    ["980000009", "nif-pt"],
  ])("accepts %s (%s)", (value, kind) => {
    expect(parseTaxId(value)).toMatchObject({ kind, value });
  });

  it("reads ids as people type them, and stores one spelling", () => {
    expect(parseTaxId(" b-12.345.674 ")).toEqual({ country: "ES", kind: "cif", value: "B12345674" });
    expect(parseTaxId("ES 12345678-z")).toEqual({ country: "ES", kind: "dni", value: "12345678Z" });
    expect(parseTaxId("PT 501 964 843")).toEqual({ country: "PT", kind: "nif-pt", value: "501964843" });
  });

  it.each([
    "12345678A", // wrong DNI letter
    "X1234567A", // wrong NIE letter
    "B12345675", // wrong CIF digit
    "B1234567D", // A, B, E, H take a digit
    "Q28260008", // P, Q, R, S, N, W take a letter
    "I12345674", // no such organisation letter
    "501964844", // wrong Portuguese check digit
    "412345678", // no Portuguese NIF starts with 4 alone
    "PT12345678Z", // a Spanish id under the Portuguese prefix
    "1234567",
    "",
    "ABCDEFGHI",
    "12345678Z".repeat(3),
  ])("refuses %j", (value) => {
    expect(isValidTaxId(value)).toBe(false);
  });
});

describe("EU VAT numbers", () => {
  it.each([
    ["FR 40 303 265 045", "FR40303265045"],
    ["DE136695976", "DE136695976"],
    ["it 00743110157", "IT00743110157"],
    ["NL 8060.82.290.B01", "NL806082290B01"],
    ["ATU13585627", "ATU13585627"],
  ])("accepts %s with its prefix, stored with it", (input, value) => {
    expect(parseTaxId(input)).toMatchObject({ kind: "vat", value });
  });

  it.each(["FR4030326504", "DE13669597", "XX123456789", "GR094014201", "ATU1358562", "NL806082290A01"])(
    "refuses %j (wrong format, or no member state's prefix)",
    (input) => {
      expect(parseTaxId(input)).toBeNull();
    },
  );

  it("checks the Spanish and Portuguese ones to their check character", () => {
    expect(parseTaxId("ESB12345674")).toMatchObject({ country: "ES", value: "B12345674" });
    expect(parseTaxId("ESB12345675")).toBeNull();
    expect(parseTaxId("PT501964844")).toBeNull();
  });
});

/** A valid Portuguese NIF from its first eight digits (the first one allowed): the check digit appended. */
function portugueseNif(first8: string): string {
  let sum = 0;
  for (let index = 0; index < 8; index++) sum += Number(first8[index]) * (9 - index);
  const remainder = sum % 11;
  return `${first8}${remainder < 2 ? 0 : 11 - remainder}`;
}

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const portugueseNifs = fc
  .tuple(fc.constantFrom("1", "2", "3", "5", "6", "8", "9"), fc.stringMatching(/^\d{7}$/))
  .map(([first, rest]) => portugueseNif(first + rest));
const dnis = fc.integer({ min: 0, max: 99_999_999 }).map((number) => {
  const digits = String(number).padStart(8, "0");
  return `${digits}${DNI_LETTERS[number % 23]}`;
});

describe("an invoice's tax id, read with its billing address's country", () => {
  it("takes a Portuguese NIF for an address in Portugal, not in Spain unless given as a PT VAT number", () => {
    fc.assert(
      fc.property(portugueseNifs, (nif) => {
        expect(parseTaxIdFor(nif, "PT")).toEqual({ ok: true, taxId: { country: "PT", kind: "nif-pt", value: nif } });
        expect(parseTaxIdFor(nif, "ES")).toEqual({ ok: false, code: "taxIdNotForCountry" });
        expect(parseTaxIdFor(`PT ${nif}`, "ES")).toMatchObject({ ok: true, taxId: { value: `PT${nif}` } });
        expect(parseTaxIdFor(`PT${nif}`, "PT")).toMatchObject({ ok: true, taxId: { value: nif } });
      }),
    );
  });

  it("refuses a Portuguese NIF with any other check digit", () => {
    fc.assert(
      fc.property(portugueseNifs, fc.integer({ min: 1, max: 9 }), (nif, shift) => {
        const wrong = `${nif.slice(0, 8)}${(Number(nif[8]) + shift) % 10}`;
        expect(parseTaxIdFor(wrong, "PT")).toEqual({ ok: false, code: "invalidTaxId" });
      }),
    );
  });

  it("takes a Spanish DNI for an address in Spain, and refuses every other letter", () => {
    fc.assert(
      fc.property(dnis, fc.integer({ min: 1, max: 22 }), (dni, shift) => {
        expect(parseTaxIdFor(dni, "ES")).toMatchObject({ ok: true, taxId: { kind: "dni", value: dni } });
        expect(parseTaxIdFor(dni, "PT")).toEqual({ ok: false, code: "taxIdNotForCountry" });
        const letter = DNI_LETTERS[(DNI_LETTERS.indexOf(dni[8]!) + shift) % 23];
        expect(parseTaxIdFor(`${dni.slice(0, 8)}${letter}`, "ES")).toEqual({ ok: false, code: "invalidTaxId" });
      }),
    );
  });

  it("takes another member state's VAT number for any address, with its prefix", () => {
    expect(parseTaxIdFor("FR40303265045", "ES")).toMatchObject({ ok: true, taxId: { value: "FR40303265045" } });
    expect(parseTaxIdFor("DE 136 695 976", "PT")).toMatchObject({ ok: true, taxId: { value: "DE136695976" } });
    expect(parseTaxIdFor("B12345674", "ES")).toMatchObject({ ok: true, taxId: { value: "B12345674" } });
    expect(parseTaxIdFor("B12345674", "PT")).toEqual({ ok: false, code: "taxIdNotForCountry" });
    expect(parseTaxIdFor("FR403032650", "ES")).toEqual({ ok: false, code: "invalidTaxId" });
    expect(parseTaxIdFor("", "ES")).toEqual({ ok: false, code: "invalidTaxId" });
  });
});
