import { describe, expect, it } from "vitest";
import { supportChatFor } from "./settings.server";

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
