import { describe, expect, it } from "vitest";
import { exclusionNames, storedExclusions, toOrderLine, type StoredLine } from "../src/ordering/lines";

// The one reading of a stored order line that the order page, the order mails and the packing list share.
describe("order lines as stored", () => {
  const box: StoredLine = {
    kind: "box",
    productId: 7,
    name: "Caja de fruta",
    quantity: 2,
    frequency: null,
    unitPrice: 1850,
    taxRate: "0.04",
    gross: 3700,
    tax: 142,
    discount: 0,
    exclusions: [
      { id: 3, name: "Kiwi" },
      { id: 4, name: " " },
    ],
  };

  it("reads a line as the contracts' order line: the decimal tax rate as a number, blank exclusions left out", () => {
    expect(toOrderLine(box)).toEqual({ ...box, taxRate: 0.04, exclusions: ["Kiwi"] });
  });

  it("keeps the id of every stored exclusion, and reads bare names (written in the admin panel) without one", () => {
    expect(storedExclusions([{ id: 3, name: "Kiwi" }, { id: 4 }, " Pera "])).toEqual([
      { id: 3, name: "Kiwi" },
      { id: 4, name: "" },
      { id: null, name: "Pera" },
    ]);
    expect(exclusionNames([{ id: 3, name: "Kiwi" }, " Pera ", 5])).toEqual(["Kiwi", "Pera"]);
  });

  it("reads anything but a list as no exclusions", () => {
    expect(exclusionNames(null)).toEqual([]);
    expect(exclusionNames({ name: "Kiwi" })).toEqual([]);
    expect(toOrderLine({ ...box, kind: "extra", frequency: "once", exclusions: null }).exclusions).toEqual([]);
  });
});
