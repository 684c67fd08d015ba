import { describe, expect, it } from "vitest";
import { isCovering } from "./clearance";

/** A chain of elements as far as isCovering looks at them: parent, `contains` and position. */
function element(position: string, parent: FakeElement | null = null): FakeElement {
  return { position, parentElement: parent };
}
interface FakeElement {
  readonly position: string;
  readonly parentElement: FakeElement | null;
}

function widgetOf(...members: FakeElement[]) {
  return { contains: (candidate: FakeElement) => members.includes(candidate) } as unknown as Element;
}

const covering = (hit: FakeElement | null, widget: Element) =>
  isCovering(hit as unknown as Element, widget, (candidate) => (candidate as unknown as FakeElement).position);

describe("what covers the chat launcher", () => {
  const body = element("static");
  const main = element("relative", body);

  it("is nothing when the launcher itself is on top", () => {
    const root = element("static", body);
    const launcher = element("fixed", root);
    expect(covering(launcher, widgetOf(root, launcher))).toBe(false);
  });

  it("is nothing when the page's own flow is beneath (the launcher hidden for the check)", () => {
    const paragraph = element("static", main);
    expect(covering(paragraph, widgetOf())).toBe(false);
    expect(covering(null, widgetOf())).toBe(false);
  });

  it("is a fixed banner or overlay, by the button inside it too", () => {
    const banner = element("fixed", body);
    const grid = element("static", banner);
    const button = element("static", grid);
    expect(covering(banner, widgetOf())).toBe(true);
    expect(covering(button, widgetOf())).toBe(true);
  });

  it("is not the sticky header or a positioned block of the page", () => {
    const header = element("sticky", body);
    expect(covering(element("static", header), widgetOf())).toBe(false);
    expect(covering(element("absolute", main), widgetOf())).toBe(false);
  });
});
