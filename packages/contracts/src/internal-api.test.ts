import { describe, expect, it } from "vitest";
import { defaultCmsPublicUrl } from "./internal-api";

describe("where browsers reach the CMS by default", () => {
  it("is localhost at the CMS's port when the storefront reaches it on this machine", () => {
    // The CMS's own default PUBLIC_URL for PORT=1437 is derived from http://127.0.0.1:1437.
    expect(defaultCmsPublicUrl("http://127.0.0.1:1437")).toBe("http://localhost:1437");
    expect(defaultCmsPublicUrl("http://localhost:1337/")).toBe("http://localhost:1337");
    expect(defaultCmsPublicUrl("http://[::1]:1500")).toBe("http://localhost:1500");
  });

  it("is the CMS's own origin when it runs elsewhere (set CMS_PUBLIC_URL / PUBLIC_URL in a deployment)", () => {
    expect(defaultCmsPublicUrl("http://cms.internal:1337/api")).toBe("http://cms.internal:1337");
  });
});
