import type { Request, Response } from "express";

/** How long the readiness check waits for the CMS. */
const CMS_WAIT_MS = 2_000;

/**
 * GET /readyz: this process can serve, that is, it reaches its CMS (CMS_URL). Any answer of the
 * CMS's /health counts, a 503 included: behind a load balancer CMS_URL is the balancer, and a CMS
 * without its database answers 503 on every process at once. Were that "not ready", every storefront
 * process would be taken out together and visitors would get the balancer's error page, while the
 * storefront can still serve the catalogue from its caches (docs/decisions/046, 048). Not ready only
 * when the CMS cannot be reached at all (a wrong CMS_URL, its network down) within CMS_WAIT_MS.
 */
export function readiness({ cmsUrl }: { cmsUrl: string }) {
  return async (_req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    try {
      const response = await fetch(`${cmsUrl}/health`, { signal: AbortSignal.timeout(CMS_WAIT_MS) });
      // The body is not needed: dropped, so the connection is freed.
      await response.body?.cancel();
      res.json({ status: "ok", cms: response.status });
    } catch {
      res.status(503).json({ status: "error", cms: "unreachable" });
    }
  };
}
