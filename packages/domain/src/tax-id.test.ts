import { describe, expect, it } from "vitest";
import { isValidTaxId, parseTaxId } from "./tax-id";

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
