import type { RefundGateway } from "./gateway";

/**
 * The sandbox's refunds: there is no bank behind it, so a refund is recorded by the shop alone and
 * succeeds at once. Its reference is made from the refund's key, so asking again names the same one.
 */
export function createSandboxRefunds(): RefundGateway {
  return {
    id: "sandbox",
    async refund(request) {
      return { status: "succeeded", providerRef: `sandbox-refund-${request.key}`.slice(0, 255) };
    },
  };
}
