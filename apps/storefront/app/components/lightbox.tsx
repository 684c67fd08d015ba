import { useEffect, useMemo, useReducer, useRef, type PointerEvent as ReactPointerEvent } from "react";
import { debounce, RESIZE_SETTLE_MS } from "@shop/domain/ui";
import { format } from "~/i18n/format";
import { imageSrcSet, imageUrl } from "~/images";
import { initialLightbox, LIGHTBOX, lightboxReducer, throttle } from "~/lightbox/state";
import { usePageLanguage } from "~/root-data";

export interface LightboxImage {
  readonly src: string;
  readonly title?: string;
  readonly alt?: string;
}

interface LightboxProps {
  readonly images: readonly LightboxImage[];
  readonly startIndex: number;
  readonly onClose: () => void;
  readonly loop?: boolean;
}

const VIEW_WIDTH = 960;

/** The scale at which a picture fits the screen: 90 % of its width, 80 % of its height, never enlarged. */
function fitScaleOf(picture: HTMLImageElement): number {
  return Math.min(
    1,
    (window.innerWidth * 0.9) / picture.naturalWidth,
    (window.innerHeight * 0.8) / picture.naturalHeight,
  );
}

/**
 * Full-screen image preview (specification, sections 4 and 9) on the native modal <dialog>,
 * which traps focus and closes on Escape by itself; a click on the mask or the close button
 * closes it too.
 */
export function Lightbox({ images, startIndex, onClose, loop = LIGHTBOX.loop }: LightboxProps) {
  const { messages } = usePageLanguage();
  const text = messages.lightbox;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [state, dispatch] = useReducer(lightboxReducer, initialLightbox(startIndex, images.length, loop));
  const drag = useRef<{ x: number; y: number; startX: number } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const allowWheel = useMemo(() => throttle(LIGHTBOX.wheelThrottleMs), []);
  const image = images[state.index];
  const picture = useRef<HTMLImageElement>(null);

  // A phone turned or a window resized: the picture fits the new screen, measured 50 ms after the
  // last resize event (specification section 9), not at every one of the burst.
  useEffect(() => {
    const refit = debounce(() => {
      const shown = picture.current;
      if (shown?.complete && shown.naturalWidth > 0) dispatch({ type: "refit", fitScale: fitScaleOf(shown) });
    }, RESIZE_SETTLE_MS);
    window.addEventListener("resize", refit);
    return () => {
      refit.cancel();
      window.removeEventListener("resize", refit);
    };
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    // The picture that opened the viewer has focus now. The dialog leaves the page as it closes,
    // so the browser cannot give focus back by itself: it goes back to that picture.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent) {
    const actions: Record<string, () => void> = {
      ArrowRight: () => dispatch({ type: "next" }),
      ArrowLeft: () => dispatch({ type: "previous" }),
      "+": () => dispatch({ type: "zoomIn" }),
      "=": () => dispatch({ type: "zoomIn" }),
      "-": () => dispatch({ type: "zoomOut" }),
      r: () => dispatch({ type: "rotateRight" }),
      R: () => dispatch({ type: "rotateLeft" }),
      "0": () => dispatch({ type: "reset" }),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  function fingersApart(): number {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  function onPointerDown(event: ReactPointerEvent<HTMLImageElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      // A second finger turns the drag into a pinch.
      drag.current = null;
      pinch.current = { distance: fingersApart(), scale: state.scale };
      dispatch({ type: "gestureStart" });
      return;
    }
    if (pinch.current) return;
    drag.current = { x: event.clientX, y: event.clientY, startX: event.clientX };
    dispatch({ type: "dragStart" });
  }
  function onPointerMove(event: ReactPointerEvent<HTMLImageElement>) {
    if (pointers.current.has(event.pointerId)) {
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    }
    if (pinch.current) {
      if (pointers.current.size === 2 && pinch.current.distance > 0) {
        dispatch({
          type: "gestureMove",
          startScale: pinch.current.scale,
          ratio: fingersApart() / pinch.current.distance,
        });
      }
      return;
    }
    if (!drag.current) return;
    dispatch({ type: "dragMove", dx: event.clientX - drag.current.x, dy: event.clientY - drag.current.y });
    drag.current = { ...drag.current, x: event.clientX, y: event.clientY };
  }
  function onPointerUp(event: ReactPointerEvent<HTMLImageElement>) {
    pointers.current.delete(event.pointerId);
    if (pinch.current) {
      // The pinch ends with its first lifted finger; the other one must not swipe afterwards.
      dispatch({ type: "gestureEnd" });
      if (pointers.current.size === 0) pinch.current = null;
      return;
    }
    if (!drag.current) return;
    dispatch({ type: "dragEnd", totalDx: event.clientX - drag.current.startX });
    drag.current = null;
  }

  const button =
    "inline-flex h-11 min-w-11 items-center justify-center rounded-full bg-white/90 px-3 font-bold text-sand-900 hover:bg-white disabled:opacity-40";
  const canGoBack = loop || state.index > 0;
  const canGoOn = loop || state.index < images.length - 1;

  return (
    <dialog
      ref={dialogRef}
      aria-label={text.dialog}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (LIGHTBOX.maskClosable && event.target === event.currentTarget) onClose();
      }}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-sand-900/90 p-0 backdrop:bg-sand-900/80"
    >
      <div
        className="flex h-full w-full items-center justify-center overflow-hidden"
        onClick={(event) => {
          if (LIGHTBOX.maskClosable && event.target === event.currentTarget) onClose();
        }}
        onWheel={(event) => {
          if (!allowWheel()) return;
          dispatch({ type: event.deltaY < 0 ? "zoomIn" : "zoomOut" });
        }}
      >
        {image ? (
          <img
            key={image.src}
            ref={picture}
            src={imageUrl(image.src, VIEW_WIDTH)}
            srcSet={imageSrcSet(image.src, VIEW_WIDTH)}
            alt={image.alt ?? image.title ?? ""}
            draggable={false}
            onLoad={(event) => dispatch({ type: "loaded", fitScale: fitScaleOf(event.currentTarget) })}
            onError={() => dispatch({ type: "failed" })}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            style={{
              transform: `translate(${state.offsetX}px, ${state.offsetY}px) rotate(${state.rotation}deg) scale(${state.scale})`,
              // The first fit is not animated: the picture must never flash at its natural size. For
              // those who ask for less motion, app.css's reduced-motion rule cuts this to nothing.
              transition: state.dragging || state.gesturing || !state.animated ? "none" : "transform 150ms ease-out",
              maxWidth: "none",
              touchAction: "none",
              cursor: state.dragging ? "grabbing" : "grab",
              visibility: state.status === "loaded" ? "visible" : "hidden",
            }}
            className="absolute select-none"
            data-scale={state.scale.toFixed(4)}
            data-rotation={state.rotation}
          />
        ) : null}
        {state.status === "loading" ? (
          <p role="status" className="text-white">
            {text.loading}
          </p>
        ) : null}
        {state.status === "error" ? (
          <p role="alert" className="rounded bg-white px-4 py-2 text-sand-900">
            {text.error}
          </p>
        ) : null}
      </div>

      <div className="absolute top-3 right-3 left-3 flex items-center justify-between gap-2">
        <p className="rounded-full bg-white/90 px-3 py-1 text-sm font-semibold" aria-live="polite">
          {format(text.position, { number: state.index + 1, total: images.length })}
          {image?.title ? ` · ${image.title}` : ""}
        </p>
        <button type="button" className={button} onClick={onClose} aria-label={text.close}>
          ✕
        </button>
      </div>
      <div className="absolute right-3 bottom-4 left-3 flex flex-wrap items-center justify-center gap-2">
        <button
          type="button"
          className={button}
          onClick={() => dispatch({ type: "previous" })}
          disabled={!canGoBack}
          aria-label={text.previous}
        >
          ‹
        </button>
        <button
          type="button"
          className={button}
          onClick={() => dispatch({ type: "zoomOut" })}
          aria-label={text.zoomOut}
        >
          −
        </button>
        <button type="button" className={button} onClick={() => dispatch({ type: "zoomIn" })} aria-label={text.zoomIn}>
          +
        </button>
        <button
          type="button"
          className={button}
          onClick={() => dispatch({ type: "rotateLeft" })}
          aria-label={text.rotateLeft}
        >
          ⟲
        </button>
        <button
          type="button"
          className={button}
          onClick={() => dispatch({ type: "rotateRight" })}
          aria-label={text.rotateRight}
        >
          ⟳
        </button>
        <button type="button" className={button} onClick={() => dispatch({ type: "reset" })} aria-label={text.reset}>
          1:1
        </button>
        <button
          type="button"
          className={button}
          onClick={() => dispatch({ type: "next" })}
          disabled={!canGoOn}
          aria-label={text.next}
        >
          ›
        </button>
      </div>
    </dialog>
  );
}
