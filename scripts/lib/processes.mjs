// Starting, watching and stopping the shop's processes, for `npm start`, the end-to-end tests
// and the benchmark alike.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CMS_DIR = path.join(ROOT, "apps/cms");
export const STOREFRONT_DIR = path.join(ROOT, "apps/storefront");
const BIN = path.join(ROOT, "node_modules/.bin");

// Ports handed out for processes that bind them later: below Linux's ephemeral range (32768-60999
// here), which the kernel also gives every outgoing connection a local port from. A port the kernel
// picked with listen(0) was free for an instant only: under a loaded suite an outgoing connection
// took one before the cluster's CMS, booting for half a minute, listened on it (exit 1, EADDRINUSE).
const HANDED_OUT_PORTS = { from: 20_000, to: 32_767 };

function bindable(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A free TCP port on the loopback interface, outside the range outgoing connections use. */
export async function freePort() {
  const { from, to } = HANDED_OUT_PORTS;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (await bindable(port)) return port;
  }
  throw new Error(`No free port between ${from} and ${to}`);
}

/**
 * Spawns a long-running process. Its output goes to `logFile` when given (tests), else to
 * this terminal with a name prefix.
 */
export function startProcess(name, command, args, { cwd, env, logFile }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const sink = logFile ? fs.createWriteStream(logFile, { flags: "a" }) : null;
  const forward = (stream, target) => {
    stream.on("data", (chunk) => {
      if (sink) sink.write(chunk);
      else for (const line of chunk.toString().split("\n")) if (line.trim()) target.write(`[${name}] ${line}\n`);
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on("exit", () => sink?.end());
  child.processName = name;
  return child;
}

/**
 * Resolves when `url` answers 2xx; rejects if the process dies first or time runs out.
 * @param {string} url
 * @param {{ child?: import("node:child_process").ChildProcess, timeoutMs?: number, logFile?: string }} [options]
 */
export async function waitForHttp(url, { child, timeoutMs = 120_000, logFile } = {}) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child?.once("exit", (code, signal) => (exited = { code, signal }));
  while (Date.now() < deadline) {
    if (exited) {
      const tail = logFile && fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-4000) : "";
      throw new Error(`${child.processName} exited (${exited.code ?? exited.signal}) before ${url} answered\n${tail}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** SIGTERM, then SIGKILL if the process has not exited within `graceMs`. */
export function stopProcess(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Heap caps, in MB. Without one Node lets the heap grow towards the machine's memory before it
 * collects hard: the storefront reached 1.44 GB resident during a burst of picture conversions and
 * then crept, while with 512 MB it held at 300-340 MB over 10,000 requests. Strapi loads its admin,
 * plugins and content types into memory and needs more room. A deployment sets the same flags
 * (README, Deploy).
 */
const HEAP_CAP_MB = { storefront: 512, cms: 1024 };

/** CPU seconds (user and system) a process has used so far, from /proc; NaN once it is gone. */
export function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime, in clock ticks: Linux's USER_HZ is 100 on every architecture Node runs on.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** `name` tells apart the processes of a cluster (scripts/cluster) in the terminal and in errors. */
export function startCms({ port, env = {}, logFile, name = "cms" }) {
  // Node runs Strapi's command file itself, so that the heap cap applies to the server.
  const strapi = fs.realpathSync(path.join(BIN, "strapi"));
  return startProcess(name, process.execPath, [`--max-old-space-size=${HEAP_CAP_MB.cms}`, strapi, "start"], {
    cwd: CMS_DIR,
    env: { STRAPI_TELEMETRY_DISABLED: "true", HOST: "127.0.0.1", PORT: String(port), ...env },
    logFile,
  });
}

export function startStorefront({ port, env = {}, logFile, name = "storefront" }) {
  return startProcess(name, process.execPath, [`--max-old-space-size=${HEAP_CAP_MB.storefront}`, "server.js"], {
    cwd: STOREFRONT_DIR,
    // glibc gives every thread its own malloc arenas; sharp's conversions on libuv's threads then
    // leave memory fragmented and resident long after they end (sharp's documentation advises 2).
    env: { NODE_ENV: "production", PORT: String(port), MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2", ...env },
    logFile,
  });
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * The workspaces that produce something to run, in build order. The shared packages come first:
 * the compiled CMS requires their CommonJS build at run time (docs/decisions/008).
 */
const BUILDS = [
  {
    name: "domain",
    workspace: "packages/domain",
    output: path.join(ROOT, "packages/domain/dist/index.js"),
    sources: ["packages/domain/src", "packages/domain/package.json", "packages/domain/tsconfig.build.json"],
  },
  {
    name: "contracts",
    workspace: "packages/contracts",
    output: path.join(ROOT, "packages/contracts/dist/index.js"),
    sources: ["packages/contracts/src", "packages/contracts/package.json", "packages/contracts/tsconfig.build.json"],
  },
  {
    name: "routing",
    workspace: "packages/routing",
    output: path.join(ROOT, "packages/routing/dist/index.js"),
    sources: ["packages/routing/src", "packages/routing/package.json", "packages/routing/tsconfig.build.json"],
  },
  {
    name: "cms",
    workspace: "apps/cms",
    // Strapi loads its config to build, and production config demands real secrets: build as development.
    nodeEnv: "development",
    output: path.join(CMS_DIR, "dist/build/index.html"),
    sources: ["apps/cms/src", "apps/cms/config", "apps/cms/package.json", "package-lock.json"],
  },
  {
    name: "storefront",
    workspace: "apps/storefront",
    // Vite bundles React's development build unless NODE_ENV says production (Vitest sets "test").
    nodeEnv: "production",
    output: path.join(STOREFRONT_DIR, "build/server/index.js"),
    sources: [
      "apps/storefront/app",
      "apps/storefront/server",
      "apps/storefront/public",
      "packages",
      "package-lock.json",
    ],
  },
];

/** Workspaces whose build is missing or older than their sources. */
export function staleBuilds() {
  return BUILDS.filter(({ output, sources }) => {
    if (!fs.existsSync(output)) return true;
    const built = fs.statSync(output).mtimeMs;
    return sources.some((source) => newestMtime(path.join(ROOT, source)) > built);
  }).map(({ name }) => name);
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command, args, { cwd = ROOT, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${code ?? signal})`)),
    );
  });
}

/** Runs one command with its output kept apart, printed whole when it ends; resolves with its output and whether it passed. */
function runQuietly({ name, command, args, env = {} }, { cwd }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const text = Buffer.concat(output).toString("utf8");
      console.log(`\n── ${name}: ${code === 0 ? "passed" : `failed (${code ?? signal})`} in ${seconds} s ──`);
      process.stdout.write(text);
      resolve({ passed: code === 0, text });
    });
  });
}

// Vitest's and tsc's lines that say what failed: a failed file or test, an assertion, an error.
const FAILURE_LINE = /\bFAIL\b|[×✗✖]|Error:|error TS\d|AssertionError|Expected|Received|Timed out|timed out/;
const MAX_FAILURE_LINES = 200;

/**
 * The lines of a failed command's output that say what failed, each with the two lines after it. A
 * lane's output is printed when it ends, so a failure early in one lane was buried under the other
 * lane's whole report, and a CI log's tail (all that some readers keep) said only "failed".
 */
function failureSummary(text) {
  const lines = text.split("\n");
  const keep = new Set();
  lines.forEach((line, index) => {
    if (FAILURE_LINE.test(line))
      for (let next = index; next < Math.min(lines.length, index + 3); next += 1) keep.add(next);
  });
  const kept = [...keep].sort((a, b) => a - b).map((index) => lines[index]);
  const shown = kept.length > 0 ? kept : lines.slice(-60);
  return shown.slice(0, MAX_FAILURE_LINES).join("\n");
}

/**
 * Runs lanes of commands at the same time: the commands of one lane one after another, stopping at
 * the lane's first failure. Each command's output is printed whole when it ends (interleaved reports
 * cannot be read); what a failed command said about its failures is printed again once every lane
 * has ended. Rejects then, naming what failed.
 */
export async function runTogether(lanes, { cwd = ROOT } = {}) {
  const failures = await Promise.all(
    lanes.map(async (lane) => {
      for (const command of lane) {
        const { passed, text } = await runQuietly(command, { cwd });
        if (!passed) return { name: command.name, text };
      }
      return null;
    }),
  );
  const failed = failures.filter((failure) => failure !== null);
  for (const { name, text } of failed) console.log(`\n── what failed in ${name} ──\n${failureSummary(text)}`);
  if (failed.length > 0) throw new Error(`${failed.map(({ name }) => name).join(" and ")} failed`);
}

/**
 * The commands that build whatever is stale (everything with `force`), in build order, as
 * runTogether takes them: `{ name, command, args, env }`.
 */
export function buildCommands({ force = false, only } = {}) {
  const names = force ? BUILDS.map(({ name }) => name) : staleBuilds();
  return BUILDS.filter((build) => names.includes(build.name) && (!only || only.includes(build.name))).map((build) => ({
    name: `build ${build.name}`,
    command: "npm",
    args: ["run", "build", "-w", build.workspace],
    env: build.nodeEnv ? { NODE_ENV: build.nodeEnv } : {},
  }));
}

/** Builds whatever is stale, one workspace at a time (two cores: parallel builds only thrash). */
export async function ensureBuilt(options = {}) {
  for (const { name, command, args, env } of buildCommands(options)) {
    console.log(`Building the ${name.replace(/^build /, "")}…`);
    await run(command, args, { env });
  }
}

/** The shared packages' CommonJS build, which the CMS (its tests too) requires at run time. */
export function ensurePackagesBuilt() {
  return ensureBuilt({ only: ["domain", "contracts", "routing"] });
}
