import { Component, type ReactNode } from "react";

interface LoadBoundaryProps {
  /** Told once when the part failed, e.g. to close what asked for it. */
  readonly onFail: () => void;
  readonly children: ReactNode;
}

/**
 * Keeps a part loaded on demand (a lazy chunk) from taking its page down: should the download
 * fail (offline, or a deploy replaced the file), the part shows nothing and the page stays.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn("A part of the page could not be loaded", error);
    this.props.onFail();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
