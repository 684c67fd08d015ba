import { describe, expect, it } from "vitest";
import {
  APP_USER_AGENT_TOKEN_PATTERN,
  appendDebugEntry,
  hidesEmbeds,
  nativeSignIn,
  nativeSignInHooks,
  parseAdminEmails,
  webViewUser,
} from "./web-view";

const APP_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ImperfectApp/3.2";
const BROWSER_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("who is in the app", () => {
  it("is a browser without a configured token, whatever the user agent says", () => {
    expect(webViewUser({ userAgent: APP_UA, token: undefined, adminEmails: [], email: null })).toBe("browser");
    expect(webViewUser({ userAgent: APP_UA, token: "", adminEmails: [], email: null })).toBe("browser");
  });

  it("is from the app when the user agent carries the token, and a browser otherwise", () => {
    expect(webViewUser({ userAgent: APP_UA, token: "ImperfectApp", adminEmails: [], email: null })).toBe("fromApp");
    expect(webViewUser({ userAgent: BROWSER_UA, token: "ImperfectApp", adminEmails: [], email: null })).toBe("browser");
    expect(webViewUser({ userAgent: null, token: "ImperfectApp", adminEmails: [], email: null })).toBe("browser");
  });

  it("matches the token as the app writes it (case counts: the app controls it)", () => {
    expect(webViewUser({ userAgent: APP_UA, token: "imperfectapp", adminEmails: [], email: null })).toBe("browser");
  });

  it("nobody is an admin with the default empty list, signed in or not", () => {
    expect(webViewUser({ userAgent: APP_UA, token: "ImperfectApp", adminEmails: [], email: "ana@example.com" })).toBe(
      "fromApp",
    );
  });

  it("a listed staff e-mail is an admin in the app, without regard to case, and only in the app", () => {
    const adminEmails = parseAdminEmails("Ana@Example.com, luis@example.com");
    expect(webViewUser({ userAgent: APP_UA, token: "ImperfectApp", adminEmails, email: "ANA@example.com" })).toBe(
      "adminInApp",
    );
    expect(webViewUser({ userAgent: APP_UA, token: "ImperfectApp", adminEmails, email: "eva@example.com" })).toBe(
      "fromApp",
    );
    expect(webViewUser({ userAgent: APP_UA, token: "ImperfectApp", adminEmails, email: null })).toBe("fromApp");
    expect(webViewUser({ userAgent: BROWSER_UA, token: "ImperfectApp", adminEmails, email: "ana@example.com" })).toBe(
      "browser",
    );
  });
});

describe("the admin e-mail list", () => {
  it("is empty by default", () => {
    expect(parseAdminEmails("")).toEqual([]);
    expect(parseAdminEmails(" , ")).toEqual([]);
  });

  it("takes commas, spaces, semicolons or new lines, lower-cased, each once", () => {
    expect(parseAdminEmails("a@x.es,B@x.es; c@x.es\nA@X.ES")).toEqual(["a@x.es", "b@x.es", "c@x.es"]);
  });
});

describe("the app's user-agent token", () => {
  it("takes a product token, with or without a version", () => {
    for (const token of ["ImperfectApp", "Imperfect-App/3", "com.example.shop"]) {
      expect(APP_USER_AGENT_TOKEN_PATTERN.test(token)).toBe(true);
    }
  });

  it("refuses what would match by accident or stand for several", () => {
    for (const token of ["", "ab", "Imperfect App", "a,b,c", "x".repeat(65)]) {
      expect(APP_USER_AGENT_TOKEN_PATTERN.test(token)).toBe(false);
    }
  });
});

describe("the debug log", () => {
  it("keeps at most 100 entries, dropping the oldest", () => {
    let log: number[] = [];
    for (let entry = 1; entry <= 150; entry++) log = appendDebugEntry(log, entry);
    expect(log).toHaveLength(100);
    expect(log[0]).toBe(51);
    expect(log.at(-1)).toBe(150);
  });

  it("keeps every entry below the limit, in order, without changing the list it was given", () => {
    const before = [1, 2];
    expect(appendDebugEntry(before, 3)).toEqual([1, 2, 3]);
    expect(before).toEqual([1, 2]);
  });
});

describe("embedded frames on a short screen", () => {
  it("give way below 700 px of available height, not at 700", () => {
    expect(hidesEmbeds(699)).toBe(true);
    expect(hidesEmbeds(600)).toBe(true);
    expect(hidesEmbeds(700)).toBe(false);
    expect(hidesEmbeds(900)).toBe(false);
  });

  it("stay when the height is unknown", () => {
    expect(hidesEmbeds(Number.NaN)).toBe(false);
  });
});

describe("a native sign-in handed to the page", () => {
  it("takes google and microsoft with a token", () => {
    expect(nativeSignIn("google", " ya29.token ")).toEqual({ ok: true, provider: "google", accessToken: "ya29.token" });
    expect(nativeSignIn("microsoft", "EwB.token")).toMatchObject({ ok: true, provider: "microsoft" });
  });

  it("refuses other providers, a missing token and an oversized one, saying why", () => {
    expect(nativeSignIn("apple", "t")).toMatchObject({ ok: false, problem: expect.stringContaining("provider") });
    expect(nativeSignIn("google", "")).toEqual({ ok: false, problem: "no access token" });
    expect(nativeSignIn("google", 42)).toEqual({ ok: false, problem: "no access token" });
    expect(nativeSignIn("google", "x".repeat(4097))).toEqual({ ok: false, problem: "access token too long" });
  });
});

describe("the native sign-in hooks' names", () => {
  it("are the ones the app's developers are told", () => {
    expect(nativeSignInHooks("google")).toEqual({ success: "onGoogleSignInSuccess", error: "onGoogleSignInError" });
    expect(nativeSignInHooks("microsoft")).toEqual({
      success: "onMicrosoftSignInSuccess",
      error: "onMicrosoftSignInError",
    });
  });
});
