import { describe, expect, it } from "vitest";
import { companyLeadSchema, contactSchema, fieldErrorsOf } from "./forms";

function errorsOf(schema: typeof contactSchema | typeof companyLeadSchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("contact form", () => {
  it("accepts a complete message and trims it", () => {
    const result = contactSchema.safeParse({ name: "  Ana  ", email: "ana@example.com", message: "Hola", phone: "" });
    expect(result.success && result.data.name).toBe("Ana");
  });

  it("names each wrong field with a translatable code", () => {
    expect(
      errorsOf(contactSchema, { name: "", email: "not-an-email", message: "x".repeat(5001), phone: "abc" }),
    ).toEqual({
      name: { code: "required" },
      email: { code: "invalidEmail" },
      message: { code: "tooLong", max: 5000 },
      phone: { code: "invalidPhone" },
    });
  });

  it("refuses line breaks in one-line fields, which end up in e-mail headers", () => {
    expect(errorsOf(contactSchema, { name: "Ana\r\nBcc: x@y.z", email: "a@b.es", message: "hi" })).toHaveProperty(
      "name",
    );
  });
});

describe("company form", () => {
  it("needs a company and a size range", () => {
    expect(errorsOf(companyLeadSchema, { name: "Ana", email: "a@b.es" })).toEqual({
      company: { code: "required" },
      employees: { code: "required" },
    });
    expect(
      companyLeadSchema.safeParse({ name: "Ana", email: "a@b.es", company: "Fruta SL", employees: "11-50" }).success,
    ).toBe(true);
  });
});
