/** Set on the launcher while something the page lays over its corner covers it. */
export const COVERED = "data-covered";

/**
 * Whether the element at the launcher's spot belongs to something fixed over the page (the consent
 * banner of decision 016, a dialog's overlay, the app's own bars) rather than to the widget or
 * the page's flow beneath.
 */
export function isCovering(
  hit: Element | null,
  widget: Element,
  position: (element: Element) => string = (element) => getComputedStyle(element).position,
): boolean {
  for (let element = hit; element; element = element.parentElement) {
    if (widget.contains(element)) return false;
    if (position(element) === "fixed") return true;
  }
  return false;
}

/**
 * Keeps the launcher out of the way: while something fixed covers its spot, it is hidden (and so
 * out of the tab order: no focus on a button nobody sees), and back once that is gone. Checked once
 * a frame at most, after a change to the page outside the widget (a banner shown or answered, a
 * dialog opened), to the widget's own element (the app web view hides and shows it) or to the
 * window's size. The launcher is made visible for the check, within the same frame, so the page
 * is asked what lies above it, never what lies where it was hidden.
 */
export function keepClear(widget: HTMLElement, launcher: HTMLElement) {
  let frame = 0;
  const check = () => {
    frame = 0;
    launcher.removeAttribute(COVERED);
    const box = launcher.getBoundingClientRect();
    // Nothing to check while the panel is open or the whole widget is hidden.
    if (box.width === 0) return;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (isCovering(hit, widget)) launcher.setAttribute(COVERED, "");
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(check);
  };
  const observer = new MutationObserver((records) => {
    if (records.some(({ target }) => target === widget || !widget.contains(target))) schedule();
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["class", "style", "hidden", "open"],
  });
  window.addEventListener("resize", schedule);
  schedule();
  return {
    check: schedule,
    stop() {
      observer.disconnect();
      window.removeEventListener("resize", schedule);
      cancelAnimationFrame(frame);
    },
  };
}
