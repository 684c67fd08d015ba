import { inject } from "vitest";

/**
 * The CMS's end-to-end hooks (E2E_JOB_HOOKS: a scheduled job run at the test's time, a paid gift
 * card), called with the secret the global setup gave the shop (E2E_HOOK_SECRET): the CMS answers
 * 403 to a call without it. The answer's JSON; throws on anything but 2xx.
 */
export async function callE2eHook(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${inject("cmsUrl")}/api/e2e${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-E2E-Hook-Secret": inject("e2eHookSecret") },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /e2e${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}
