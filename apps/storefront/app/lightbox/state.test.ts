import { describe, expect, it } from "vitest";
import { initialLightbox, LIGHTBOX, lightboxReducer, throttle, type LightboxAction, type LightboxState } from "./state";

const run = (state: LightboxState, ...actions: LightboxAction[]) => actions.reduce(lightboxReducer, state);

describe("lightbox", () => {
  it("moves between pictures without wrapping by default", () => {
    const start = initialLightbox(0, 3);
    expect(run(start, { type: "previous" }).index).toBe(0);
    expect(run(start, { type: "next" }, { type: "next" }, { type: "next" }).index).toBe(2);
  });

  it("wraps around only when looping is on", () => {
    expect(run(initialLightbox(2, 3, true), { type: "next" }).index).toBe(0);
    expect(run(initialLightbox(0, 3, true), { type: "previous" }).index).toBe(2);
  });

  it("zooms by steps of 0.12 of the natural size between 0.1 and 3 times it", () => {
    const loaded = run(initialLightbox(0, 1), { type: "loaded", fitScale: 0.5 });
    expect(run(loaded, { type: "zoomIn" }).scale).toBeCloseTo(0.62);
    expect(run(loaded, { type: "zoomIn" }, { type: "zoomIn" }).scale).toBeCloseTo(0.74);
    expect(run(loaded, { type: "zoomOut" }).scale).toBeCloseTo(0.38);
    const max = run(loaded, ...Array.from({ length: 40 }, () => ({ type: "zoomIn" }) as const));
    expect(max.scale).toBe(LIGHTBOX.maxZoom);
    const min = run(loaded, ...Array.from({ length: 60 }, () => ({ type: "zoomOut" }) as const));
    expect(min.scale).toBe(LIGHTBOX.minZoom);
  });

  it("rotates in quarter turns and resets to the fitting size", () => {
    const loaded = run(initialLightbox(0, 1), { type: "loaded", fitScale: 0.8 });
    const turned = run(
      loaded,
      { type: "rotateRight" },
      { type: "rotateRight" },
      { type: "rotateLeft" },
      { type: "zoomIn" },
    );
    expect(turned.rotation).toBe(90);
    expect(run(turned, { type: "reset" })).toMatchObject({ rotation: 0, scale: 0.8, offsetX: 0 });
  });

  it("treats a horizontal drag of 50 px or more on a fitted picture as a swipe", () => {
    const loaded = run(initialLightbox(1, 3), { type: "loaded", fitScale: 1 });
    expect(run(loaded, { type: "dragStart" }, { type: "dragEnd", totalDx: -49 }).index).toBe(1);
    expect(run(loaded, { type: "dragStart" }, { type: "dragEnd", totalDx: -50 }).index).toBe(2);
    expect(run(loaded, { type: "dragStart" }, { type: "dragEnd", totalDx: 80 }).index).toBe(0);
  });

  it("pans a zoomed picture instead of swiping", () => {
    const zoomed = run(initialLightbox(1, 3), { type: "loaded", fitScale: 1 }, { type: "zoomIn" });
    const panned = run(
      zoomed,
      { type: "dragStart" },
      { type: "dragMove", dx: -120, dy: 10 },
      { type: "dragEnd", totalDx: -120 },
    );
    expect(panned).toMatchObject({ index: 1, offsetX: -120, offsetY: 10, dragging: false });
  });

  it("zooms with a pinch, within the limits, and never swipes while pinching", () => {
    const loaded = run(initialLightbox(1, 3), { type: "loaded", fitScale: 0.5 });
    const pinching = run(loaded, { type: "dragStart" }, { type: "gestureStart" });
    expect(pinching).toMatchObject({ gesturing: true, dragging: false });
    expect(run(pinching, { type: "gestureMove", startScale: 0.5, ratio: 2 }).scale).toBeCloseTo(1);
    expect(run(pinching, { type: "gestureMove", startScale: 0.5, ratio: 10 }).scale).toBe(LIGHTBOX.maxZoom);
    expect(run(pinching, { type: "gestureMove", startScale: 0.5, ratio: 0.01 }).scale).toBe(LIGHTBOX.minZoom);
    expect(run(loaded, { type: "gestureMove", startScale: 0.5, ratio: 2 }).scale).toBe(0.5);
    const released = run(pinching, { type: "gestureMove", startScale: 0.5, ratio: 0.8 }, { type: "gestureEnd" });
    expect(released).toMatchObject({ gesturing: false, index: 1, offsetX: 0, offsetY: 0 });
    expect(run(pinching, { type: "gestureMove", startScale: 0.5, ratio: 2 }).animated).toBe(false);
  });

  it("animates the visitor's changes but not the first fit of a picture", () => {
    const loaded = run(initialLightbox(0, 2), { type: "loaded", fitScale: 0.4 });
    expect(loaded.animated).toBe(false);
    expect(run(loaded, { type: "zoomIn" }).animated).toBe(true);
    expect(run(loaded, { type: "zoomIn" }, { type: "loaded", fitScale: 0.5 }).animated).toBe(false);
  });

  it("keeps a fitted picture fitting when the screen changes size, and a zoomed one zoomed", () => {
    const loaded = run(initialLightbox(0, 2), { type: "loaded", fitScale: 0.4 });
    expect(run(loaded, { type: "refit", fitScale: 0.7 })).toMatchObject({ fitScale: 0.7, scale: 0.7, animated: false });
    const panned = run(loaded, { type: "zoomIn" }, { type: "dragStart" }, { type: "dragMove", dx: 30, dy: 0 });
    expect(run(panned, { type: "refit", fitScale: 0.3 })).toMatchObject({ fitScale: 0.3, scale: 0.52, offsetX: 30 });
    expect(run(loaded, { type: "refit", fitScale: 9 }).scale).toBe(LIGHTBOX.maxZoom);
    // Before the picture is in, there is nothing to fit: its load measures the screen then.
    expect(run(initialLightbox(0, 2), { type: "refit", fitScale: 0.7 })).toMatchObject({ scale: 1, fitScale: 1 });
  });

  it("starts each picture loading and records a load error", () => {
    const next = run(initialLightbox(0, 2), { type: "loaded", fitScale: 1 }, { type: "next" });
    expect(next.status).toBe("loading");
    expect(run(next, { type: "failed" }).status).toBe("error");
  });

  it("throttles wheel events to one per 80 ms", () => {
    let time = 0;
    const allow = throttle(LIGHTBOX.wheelThrottleMs, () => time);
    expect(allow()).toBe(true);
    time = 79;
    expect(allow()).toBe(false);
    time = 80;
    expect(allow()).toBe(true);
  });
});
