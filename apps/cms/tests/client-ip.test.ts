import { describe, expect, it } from "vitest";
import { clientKey } from "../src/middlewares/client-ip";

describe("the key rate limits count by", () => {
  it("is the address itself for IPv4, mapped or not", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is the /64 for IPv6, however the address is written", () => {
    const key = "2001:db8:1:2::/64";
    expect(clientKey("2001:db8:1:2::1")).toBe(key);
    expect(clientKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(key);
    expect(clientKey("2001:0db8:0001:0002:0:0:0:9")).toBe(key);
    expect(clientKey("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});
