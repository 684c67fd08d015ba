import { describe, expect, it } from "vitest";
import { toCsv } from "../src/packing/csv";

const BOM = "\uFEFF";

describe("toCsv", () => {
  it("starts with the byte order mark and ends every row with CRLF, cells split by semicolons", () => {
    expect(
      toCsv([
        ["Pedido", "Cajas"],
        ["IMP-0000001", 2],
      ]),
    ).toBe(`${BOM}Pedido;Cajas\r\nIMP-0000001;2\r\n`);
  });

  it("writes an empty file as the mark alone, and a missing cell as nothing", () => {
    expect(toCsv([])).toBe(BOM);
    expect(toCsv([["a", null, "c"]])).toBe(`${BOM}a;;c\r\n`);
  });

  it("quotes a cell with a separator, a comma, a quote or a line break, doubling its quotes (RFC 4180)", () => {
    expect(toCsv([["Calle Mayor; 3", "Pérez, Ana", 'El "verde"', "Portal 2\r\nTimbre roto", "Sin\nCR"]])).toBe(
      `${BOM}"Calle Mayor; 3";"Pérez, Ana";"El ""verde""";"Portal 2\r\nTimbre roto";"Sin\nCR"\r\n`,
    );
  });

  it("leaves plain text, accents and inner symbols alone", () => {
    expect(toCsv([["Peña", "08001", "a=b", "x+y", "ana@example.com"]])).toBe(
      `${BOM}Peña;08001;a=b;x+y;ana@example.com\r\n`,
    );
  });

  it.each(['=HYPERLINK("http://x")', "+34 600 000 000", "-1+1", "@SUM(A1)", "\tcmd", "\rcmd"])(
    "makes %j text, never a formula, with a leading apostrophe",
    (cell) => {
      const line = toCsv([[cell]]).slice(BOM.length, -2);
      const unquoted = line.startsWith('"') ? line.slice(1, -1).replaceAll('""', '"') : line;
      expect(unquoted).toBe(`'${cell}`);
    },
  );

  it("writes numbers as digits, negative ones included (a count is not a formula)", () => {
    expect(toCsv([[12, 0, -3]])).toBe(`${BOM}12;0;-3\r\n`);
  });
});
