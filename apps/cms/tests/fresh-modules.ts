import { vi } from "vitest";

// Every file of a pass shares one worker process (vitest.config.ts: isolate false), so that Strapi's
// modules, loaded through Node's own require, are loaded once. The app's own modules that a test file
// imports (../src/...) are Vitest's: without this they would be the first file's instances, with that
// file's environment cached in them (getEnv(), the payment gateways). Each file gets them afresh.
vi.resetModules();
