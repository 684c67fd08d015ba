import { describe, expect, it } from "vitest";
import { supportChatCookiePolicy, supportChatFor } from "./settings.server";
import { SUPPORT_CHAT_TEXTS } from "./texts";

const CHAT = "https://chat.example.com/shop";

describe("support chat on a screen", () => {
  it("is nowhere without SUPPORT_CHAT_URL", () => {
    expect(supportChatFor({ id: "home" }, undefined)).toBeNull();
    expect(supportChatFor(null, undefined)).toBeNull();
  });

  it("is on the shop's pages, the account area and the not-found page", () => {
    expect(supportChatFor({ id: "home" }, CHAT)).toBe(CHAT);
    expect(supportChatFor({ id: "product" }, CHAT)).toBe(CHAT);
    expect(supportChatFor({ id: "login" }, CHAT)).toBe(CHAT);
    expect(supportChatFor(null, CHAT)).toBe(CHAT);
  });

  it("is left out of the order flow, whose buttons the launcher would cover on a phone", () => {
    expect(supportChatFor({ id: "newOrder" }, CHAT)).toBeNull();
    expect(supportChatFor({ id: "orderPay" }, CHAT)).toBeNull();
    expect(supportChatFor({ id: "paymentCompleted" }, CHAT)).toBeNull();
  });
});

describe("the cookie policy's part about the chat", () => {
  it("is there only while the shop has a chat", () => {
    expect(supportChatCookiePolicy("es", undefined)).toBeNull();
  });

  it.each(["es", "ca", "pt"] as const)("names the provider's host and the launcher the visitor sees (%s)", (locale) => {
    const policy = supportChatCookiePolicy(locale, "https://chat.example.com:8443/shop?id=7");
    expect(policy?.body).toContain("chat.example.com:8443");
    expect(policy?.body).toContain(`«${SUPPORT_CHAT_TEXTS[locale].launcher}»`);
    expect(policy?.body).not.toMatch(/\{\w+\}/);
  });
});
