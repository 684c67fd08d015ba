import express, { type NextFunction, type Request, type Response } from "express";
import { consentCookie, parseConsent } from "../app/analytics/consent";
import { apiError } from "./errors";
import { acceptBody } from "./security";

/** A choice's value is about 40 bytes (`v=1&p=0&a=1&m=0&t=1764100000`, form-encoded). */
const MAX_BODY_BYTES = 512;

/**
 * `POST /consent` with `value` (the cookie's value the page just wrote): answers with the same
 * cookie set by the server, so that Safari keeps it for the year the visitor was told rather than
 * the 7 days it allows a script's cookie (docs/decisions/016). Only a value this shop writes, of
 * the current consent version and not older than a year, is set again; anything else is a 400 and
 * changes nothing. Behind the same-origin check of every write (server/security.ts).
 */
export function consentCookieEndpoint({ secure }: { secure: boolean }) {
  const parse = express.urlencoded({ extended: false, limit: MAX_BODY_BYTES, parameterLimit: 5 });
  return [
    (req: Request, res: Response, next: () => void) => {
      if (acceptBody(req, res, { maxBytes: MAX_BODY_BYTES, types: ["application/x-www-form-urlencoded"] })) next();
    },
    parse,
    (req: Request, res: Response) => {
      const value: unknown = (req.body as Record<string, unknown> | undefined)?.value;
      const now = Math.floor(Date.now() / 1000);
      const stored = typeof value === "string" ? parseConsent(value, { now }) : null;
      res.set("Cache-Control", "no-store");
      if (!stored) {
        res.status(400).json(apiError(400, "ValidationError", "value must be a consent choice this shop wrote"));
        return;
      }
      // Kept until a year after the choice, not after this request: a replayed value gains no time.
      res.append("Set-Cookie", consentCookie(stored, { secure, now })).status(204).end();
    },
    // A body the parser refuses (bad encoding, too many fields) is the sender's mistake, said as JSON.
    (error: { status?: number; message?: string }, _req: Request, res: Response, _next: NextFunction) => {
      const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
      res.status(status).json(apiError(status, "BadRequestError", "The body must be a small form with value"));
    },
  ];
}
