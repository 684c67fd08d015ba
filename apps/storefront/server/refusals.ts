import type { Request, Response } from "express";

/** Whether the request says a body follows (any length but zero). */
export function hasBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length.trim() !== "0");
}

/**
 * A refused request's body, up to this many bytes, is read and dropped before the refusal is sent.
 * A client that ends its connection after one request (`Connection: close`: curl, scripts, every
 * one-off client) gets the answer and then the end of the connection. Were its body still arriving,
 * the kernel would answer the unread bytes with a reset, which can overtake the answer: the client
 * sees EPIPE or ECONNRESET instead of the 405 it was sent (the fuzz test saw it for a 1 MB form put
 * to a page, one time in ~50). Two megabytes cost a few milliseconds; past them the refusal goes at
 * once, marked Connection: close, and the client may miss it.
 */
const READ_BEFORE_REFUSING_BYTES = 2 * 1024 * 1024;

/**
 * Calls `refuse` (which answers the request) once the request's body, if any, has been read and
 * dropped; at once when there is none, when it was already read, or when it is larger than
 * READ_BEFORE_REFUSING_BYTES. A client that goes away meanwhile is not answered.
 */
export function refuseAfterBody(req: Request, res: Response, refuse: () => void): void {
  if (req.complete || !hasBody(req)) return refuse();
  const declared = Number(req.headers["content-length"] ?? 0);
  const tooLong = () => {
    res.set("Connection", "close");
    refuse();
  };
  if (declared > READ_BEFORE_REFUSING_BYTES) return tooLong();
  let read = 0;
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    // A chunked body declares no length: it is counted as it comes.
    if (read <= READ_BEFORE_REFUSING_BYTES) return;
    stop();
    tooLong();
  };
  const onEnd = () => {
    stop();
    refuse();
  };
  const stop = () => {
    req.off("data", onData);
    req.off("end", onEnd);
  };
  req.on("data", onData);
  req.on("end", onEnd);
  // A body that breaks off ends the request; there is no one left to answer.
  req.on("error", stop);
}
