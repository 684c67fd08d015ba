import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { supportChatUrlProblem } from "./chat-url";

describe("support chat address", () => {
  it("takes a provider's https chat link, query and all", () => {
    expect(supportChatUrlProblem("https://tawk.to/chat/65f0c0ffee/1hq2abc")).toBeNull();
    expect(supportChatUrlProblem("https://go.crisp.chat/chat/embed/?website_id=4a1b")).toBeNull();
  });

  it("takes plain http on this machine only", () => {
    expect(supportChatUrlProblem("http://127.0.0.1:4100/chat")).toBeNull();
    expect(supportChatUrlProblem("http://localhost:4100/")).toBeNull();
    expect(supportChatUrlProblem("http://[::1]:4100/")).toBeNull();
    expect(supportChatUrlProblem("http://chat.example.com/")).toMatch(/https/);
    expect(supportChatUrlProblem("http://127.0.0.1.example.com/")).toMatch(/https/);
  });

  it("refuses what is not a web page's address, or carries credentials", () => {
    expect(supportChatUrlProblem("chat.example.com")).toMatch(/address/);
    expect(supportChatUrlProblem("javascript:alert(1)")).toMatch(/https/);
    expect(supportChatUrlProblem("data:text/html,hi")).toMatch(/https/);
    expect(supportChatUrlProblem("https://user:secret@chat.example.com/")).toMatch(/password/);
  });

  it("is read from SUPPORT_CHAT_URL: unset or empty means no chat, a bad one stops the server", () => {
    expect(parseEnv({}).SUPPORT_CHAT_URL).toBeUndefined();
    expect(parseEnv({ SUPPORT_CHAT_URL: " " }).SUPPORT_CHAT_URL).toBeUndefined();
    expect(parseEnv({ SUPPORT_CHAT_URL: " https://chat.example.com/shop?id=7 " }).SUPPORT_CHAT_URL).toBe(
      "https://chat.example.com/shop?id=7",
    );
    expect(() => parseEnv({ SUPPORT_CHAT_URL: "http://chat.example.com/" })).toThrow(/SUPPORT_CHAT_URL: .*https/);
  });

  it("is never a page of the shop's own origin, where the frame's scripts would act as the shop", () => {
    expect(() =>
      parseEnv({ SITE_URL: "http://localhost:3000", SUPPORT_CHAT_URL: "http://localhost:3000/chat" }),
    ).toThrow(/SUPPORT_CHAT_URL: .*provider/);
    expect(
      parseEnv({ SITE_URL: "http://localhost:3000", SUPPORT_CHAT_URL: "https://chat.example.com/" }).SUPPORT_CHAT_URL,
    ).toBe("https://chat.example.com/");
  });
});
