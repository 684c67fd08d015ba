import { randomBytes } from "node:crypto";

// Factories write to databases that outlive a process (a restarted test app, a developer's
// database): a prefix per process keeps values made by earlier runs from colliding with new ones.
const RUN = randomBytes(3).toString("hex");
let counter = 0;

/** A short value no other call of any process makes: `a1b2c3` plus a counter, lower case. */
export function uniqueSuffix(): string {
  counter += 1;
  return `${RUN}${counter.toString(36)}`;
}
