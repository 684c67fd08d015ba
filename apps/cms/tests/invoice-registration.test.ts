import { describe, expect, it } from "vitest";
import { registrationLine } from "../src/invoices/registration";

// The seller's Commercial Registry entry on an invoice, in the invoice's language (docs/decisions/039).

const SEED = "Registro Mercantil de Barcelona, tomo 47321, folio 85, hoja B-512345";

describe("the registry line of an invoice", () => {
  it("is printed as staff wrote it on a Spanish invoice", () => {
    expect(registrationLine(SEED, "es")).toBe(SEED);
    expect(registrationLine(`Inscrita en el ${SEED}`, "es")).toBe(`Inscrita en el ${SEED}`);
  });

  it("is worded in Catalan and Portuguese on invoices in those languages, its names and numbers unchanged", () => {
    expect(registrationLine(SEED, "ca")).toBe("Registre Mercantil de Barcelona, tom 47321, foli 85, full B-512345");
    expect(registrationLine(SEED, "pt")).toBe("Registo Comercial de Barcelona, tomo 47321, fólio 85, folha B-512345");
    expect(
      registrationLine(
        "Inscrita en el Registro Mercantil de Sant Cugat, tomo 1, folio 2, hoja B-3, inscripción 1ª.",
        "ca",
      ),
    ).toBe("Registre Mercantil de Sant Cugat, tom 1, foli 2, full B-3, inscripció 1ª");
  });

  it("prints an entry in any other form as it is written", () => {
    const other = "RM Barcelona T. 47321 F. 85 H. B-512345";
    expect(registrationLine(other, "pt")).toBe(other);
  });
});
