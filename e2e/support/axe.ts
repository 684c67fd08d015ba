import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE: string = (createRequire(import.meta.url)("axe-core") as { source: string }).source;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** What axe finds serious or critical on the page as it is now (WCAG 2.1 A and AA). */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's content security policy does not cover.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      // Only the violations are read: axe then builds selectors for one node per passed or
      // inapplicable rule instead of for every node (much of its time on a long page); the
      // violations it reports are the same.
      resultTypes: ["violations"],
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target }) => ({ target })),
    }));
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}
