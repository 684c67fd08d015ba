/** Lightbox rules of the specification, section 9. Scale 1 is the picture's natural size. */
export const LIGHTBOX = {
  zoomStep: 0.12,
  maxZoom: 3,
  minZoom: 0.1,
  swipeTolerancePx: 50,
  wheelThrottleMs: 80,
  rotationStepDeg: 90,
  loop: false,
  maskClosable: true,
} as const;

export type LoadStatus = "loading" | "loaded" | "error";

export interface LightboxState {
  readonly index: number;
  readonly count: number;
  readonly loop: boolean;
  readonly scale: number;
  /** Scale at which the picture fits the screen; zooming starts and resets here. */
  readonly fitScale: number;
  readonly rotation: number;
  readonly offsetX: number;
  readonly offsetY: number;
  readonly status: LoadStatus;
  readonly dragging: boolean;
  /** Two fingers are on the picture: pinching zooms it. */
  readonly gesturing: boolean;
  /** Whether the last change came from the visitor and should be animated (not the first fit). */
  readonly animated: boolean;
}

export type LightboxAction =
  | { type: "next" }
  | { type: "previous" }
  | { type: "zoomIn" }
  | { type: "zoomOut" }
  | { type: "rotateLeft" }
  | { type: "rotateRight" }
  | { type: "reset" }
  | { type: "loaded"; fitScale: number }
  /** The screen changed size (a window resized, a phone turned): the fitting size is `fitScale` now. */
  | { type: "refit"; fitScale: number }
  | { type: "failed" }
  | { type: "dragStart" }
  | { type: "dragMove"; dx: number; dy: number }
  | { type: "dragEnd"; totalDx: number }
  | { type: "gestureStart" }
  /** Pinch: `ratio` is the fingers' distance now over their distance when the pinch began. */
  | { type: "gestureMove"; startScale: number; ratio: number }
  | { type: "gestureEnd" };

export function initialLightbox(index: number, count: number, loop: boolean = LIGHTBOX.loop): LightboxState {
  return {
    index,
    count,
    loop,
    scale: 1,
    fitScale: 1,
    rotation: 0,
    offsetX: 0,
    offsetY: 0,
    status: "loading",
    dragging: false,
    gesturing: false,
    animated: false,
  };
}

const clampScale = (scale: number) => Math.min(LIGHTBOX.maxZoom, Math.max(LIGHTBOX.minZoom, scale));

function moveTo(state: LightboxState, index: number): LightboxState {
  if (index === state.index) return state;
  return { ...initialLightbox(index, state.count, state.loop) };
}

function step(state: LightboxState, delta: 1 | -1): LightboxState {
  const target = state.index + delta;
  if (target >= 0 && target < state.count) return moveTo(state, target);
  if (!state.loop || state.count < 2) return state;
  return moveTo(state, (target + state.count) % state.count);
}

export function lightboxReducer(state: LightboxState, action: LightboxAction): LightboxState {
  const next = reduce(state, action);
  // Pinches follow the fingers and a new screen size is met at once; only the visitor's discrete
  // changes are animated.
  const animated = !["loaded", "refit", "failed", "gestureMove"].includes(action.type);
  return next === state || next.animated === animated ? next : { ...next, animated };
}

function reduce(state: LightboxState, action: LightboxAction): LightboxState {
  switch (action.type) {
    case "next":
      return step(state, 1);
    case "previous":
      return step(state, -1);
    case "zoomIn":
      // Each step adds 0.12 of the natural size (spec section 9), whatever the current zoom.
      return { ...state, scale: clampScale(state.scale + LIGHTBOX.zoomStep) };
    case "zoomOut": {
      const scale = clampScale(state.scale - LIGHTBOX.zoomStep);
      // Back at (or under) the fitting size there is nothing to pan: recentre.
      return scale <= state.fitScale ? { ...state, scale, offsetX: 0, offsetY: 0 } : { ...state, scale };
    }
    case "rotateLeft":
      return { ...state, rotation: state.rotation - LIGHTBOX.rotationStepDeg };
    case "rotateRight":
      return { ...state, rotation: state.rotation + LIGHTBOX.rotationStepDeg };
    case "reset":
      return { ...state, scale: state.fitScale, rotation: 0, offsetX: 0, offsetY: 0 };
    case "loaded": {
      const fitScale = clampScale(action.fitScale);
      return { ...state, status: "loaded", fitScale, scale: fitScale };
    }
    case "refit": {
      if (state.status !== "loaded") return state;
      const fitScale = clampScale(action.fitScale);
      // A picture shown at its fitting size keeps fitting the screen; one the visitor zoomed keeps
      // their zoom, and may now pan or not by the new fitting size.
      return state.scale === state.fitScale
        ? { ...state, fitScale, scale: fitScale, offsetX: 0, offsetY: 0 }
        : { ...state, fitScale };
    }
    case "failed":
      return { ...state, status: "error" };
    case "dragStart":
      return { ...state, dragging: true };
    case "dragMove":
      // A fitted picture does not pan: horizontal drags are swipes between pictures.
      return state.scale > state.fitScale
        ? { ...state, offsetX: state.offsetX + action.dx, offsetY: state.offsetY + action.dy }
        : state;
    case "gestureStart":
      return { ...state, gesturing: true, dragging: false };
    case "gestureMove":
      return state.gesturing && action.ratio > 0
        ? { ...state, scale: clampScale(action.startScale * action.ratio) }
        : state;
    case "gestureEnd": {
      if (!state.gesturing) return state;
      const ended = { ...state, gesturing: false };
      return ended.scale <= ended.fitScale ? { ...ended, offsetX: 0, offsetY: 0 } : ended;
    }
    case "dragEnd": {
      const ended = { ...state, dragging: false };
      if (state.scale > state.fitScale || Math.abs(action.totalDx) < LIGHTBOX.swipeTolerancePx) return ended;
      return step(ended, action.totalDx < 0 ? 1 : -1);
    }
  }
}

/** Lets a call through at most once per `intervalMs` (mouse wheels fire dozens of events per notch). */
export function throttle(intervalMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  return (): boolean => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}
