import { describe, expect, it } from "vitest";
import { checkPassword, PASSWORD_MAX_BYTES, passwordLengthProblem, strengthOfScore } from "./password";

describe("the password rule", () => {
  it("refuses fewer than 8 characters, counted as the customer sees them", () => {
    expect(passwordLengthProblem("Ab1!xyz")).toBe("tooShort");
    expect(passwordLengthProblem("Ab1!xyzw")).toBeNull();
    // Seven emoji are seven characters, not fourteen UTF-16 units.
    expect(passwordLengthProblem("🍎🍐🍊🍋🍌🍉🍇")).toBe("tooShort");
  });

  it("refuses more than bcrypt reads (72 bytes), whatever the characters", () => {
    expect(passwordLengthProblem("a".repeat(PASSWORD_MAX_BYTES))).toBeNull();
    expect(passwordLengthProblem("a".repeat(PASSWORD_MAX_BYTES + 1))).toBe("tooLong");
    // ñ is two bytes in UTF-8.
    expect(passwordLengthProblem("ñ".repeat(37))).toBe("tooLong");
  });

  it.each([
    "password",
    "12345678",
    "qwertyuiop",
    "Password1",
    "iloveyou",
    "contraseña",
    "P@ssw0rd",
    "11111111",
    "abcdefgh",
  ])("refuses %s, which is among the common passwords or as easy to guess", async (password) => {
    expect(await checkPassword(password)).toEqual({ problem: "common", strength: "weak" });
  });

  it("refuses a password made of the customer's own e-mail", async () => {
    const withInputs = await checkPassword("MariaGarcia7", ["maria.garcia-1x@example.com"]);
    expect(withInputs.problem).toBe("common");
  });

  it("accepts what is hard to guess, and tells medium from strong", async () => {
    expect(await checkPassword("Kiwi-Tractor-93")).toMatchObject({ problem: null });
    expect(await checkPassword("correct horse battery staple orange")).toEqual({ problem: null, strength: "strong" });
  });

  it("reports a short password as too short even when it is also common", async () => {
    expect(await checkPassword("1234")).toEqual({ problem: "tooShort", strength: "weak" });
  });

  it("maps zxcvbn's scores onto the three words of the specification", () => {
    expect([0, 1, 2, 3, 4].map(strengthOfScore)).toEqual(["weak", "weak", "medium", "strong", "strong"]);
  });
});
