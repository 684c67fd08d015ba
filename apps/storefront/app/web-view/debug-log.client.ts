import { appendDebugEntry } from "@shop/domain/web-view";

/** One line of the debug console: what was logged, how loudly, and when. */
export interface DebugEntry {
  readonly id: number;
  readonly at: number;
  readonly level: DebugLevel;
  readonly text: string;
}

type DebugLevel = "error" | "warn" | "info" | "log";

const LEVELS: readonly DebugLevel[] = ["error", "warn", "info", "log"];
/** A logged object is cut to this many characters: the console is for a glance on a phone. */
const MAX_TEXT_LENGTH = 2000;

let entries: readonly DebugEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

/** The entries kept (at most DEBUG_LOG_MAX_ENTRIES, the newest), oldest first. */
export function debugEntries(): readonly DebugEntry[] {
  return entries;
}

export function subscribeToDebugLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearDebugLog(): void {
  entries = [];
  for (const listener of listeners) listener();
}

function describe(part: unknown): string {
  if (typeof part === "string") return part;
  if (part instanceof Error) return `${part.name}: ${part.message}`;
  try {
    return JSON.stringify(part) ?? String(part);
  } catch {
    return String(part);
  }
}

export function addDebugEntry(level: DebugLevel, parts: readonly unknown[], at = Date.now()): void {
  const text = parts.map(describe).join(" ").slice(0, MAX_TEXT_LENGTH);
  entries = appendDebugEntry(entries, { id: nextId++, at, level, text });
  // A listener that logs must not find itself called again from within: it is told after this turn.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

let capturing = false;

declare global {
  interface Window {
    __shopEarlyLog?: { level: DebugLevel; at: number; parts: unknown[] }[] | null;
  }
}

/**
 * Keeps what the page writes to its console (and the errors nobody caught) for the debug console:
 * inside the app there are no developer tools to read them. Everything still reaches the console.
 */
export function captureConsole(): void {
  if (capturing) return;
  capturing = true;
  // What the page logged before this chunk came (public/web-view-early-log.js), which stops keeping.
  const early = window.__shopEarlyLog;
  window.__shopEarlyLog = null;
  for (const entry of early ?? []) addDebugEntry(entry.level, entry.parts, entry.at);
  for (const level of LEVELS) {
    const original = console[level].bind(console);
    console[level] = (...parts: unknown[]) => {
      addDebugEntry(level, parts);
      original(...parts);
    };
  }
  window.addEventListener("error", (event) => addDebugEntry("error", [event.error ?? event.message]));
  window.addEventListener("unhandledrejection", (event) => addDebugEntry("error", ["Unhandled:", event.reason]));
}
