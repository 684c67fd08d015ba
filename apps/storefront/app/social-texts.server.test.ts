import { describe, expect, it } from "vitest";
import { authTextsFor } from "./accounts/auth-texts";
import { messagesFor } from "./i18n";
import { providerLinks, socialErrorNotice } from "./social-texts.server";

const home = (query: string) => new URL(`https://shop.test/?${query}`);

describe("socialErrorNotice", () => {
  it("words a refusal that has its own message in the page's language", () => {
    expect(socialErrorNotice(home("error=cancelled&provider=google"), "ca")).toBe(
      messagesFor("ca").flash.socialCancelled.replace("{provider}", "Google"),
    );
  });

  it("gives any other code, an inherited property's name included, the general message", () => {
    const general = messagesFor("es").flash.socialFailed.replace("{provider}", "Microsoft");
    expect(socialErrorNotice(home("error=<b>hacked</b>&provider=microsoft"), "es")).toBe(general);
    expect(socialErrorNotice(home("error=constructor&provider=microsoft"), "es")).toBe(general);
  });

  it("says nothing without an error or for a provider the shop does not offer", () => {
    expect(socialErrorNotice(home("provider=google"), "es")).toBeNull();
    expect(socialErrorNotice(home("error=failed&provider=myspace"), "es")).toBeNull();
    expect(socialErrorNotice(home(""), "pt")).toBeNull();
  });
});

describe("providerLinks", () => {
  it("labels each provider with its name in the page's language", () => {
    const links = providerLinks([{ id: "facebook", url: "https://facebook.test/auth" }], authTextsFor("es"));
    expect(links).toEqual([{ id: "facebook", url: "https://facebook.test/auth", label: "Continuar con Facebook" }]);
  });
});
