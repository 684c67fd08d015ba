// A throw-away PostgreSQL cluster of the drill's own, which it may stop and start at will: the
// machine's shared server (127.0.0.1:5432) serves other work and must never be restarted by a drill.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The newest PostgreSQL binaries Debian installed, unless POSTGRES_BIN names a folder. */
function binaryFolder() {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error("No PostgreSQL binaries in /usr/lib/postgresql: set POSTGRES_BIN");
  return path.join(root, versions[0], "bin");
}

/**
 * PostgreSQL refuses to run as root: then every command runs as the `postgres` user, which Debian's
 * package creates, and the cluster's folder is handed to it.
 */
function asServerUser(argv) {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", ...argv]] : [argv[0], argv.slice(1)];
}

function runServerCommand(argv) {
  const [command, args] = asServerUser(argv);
  // From /, which the server user may enter whatever folder this script was started in.
  const result = spawnSync(command, args, { encoding: "utf8", cwd: "/" });
  if (result.status !== 0) {
    throw new Error(`${argv.join(" ")} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
  }
}

async function runServerCommandAsync(argv) {
  const [command, args] = asServerUser(argv);
  await promisify(execFile)(command, args, { cwd: "/" });
}

/**
 * Creates a cluster in a temporary folder (trust authentication, listening on 127.0.0.1:`port`
 * only), starts it and creates `database`. Returns its URL and how to stop, start and remove it.
 */
export function startPrivatePostgres({ port, database }) {
  const bin = binaryFolder();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-faults-postgres-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", folder]);
  const data = path.join(folder, "data");
  const log = path.join(folder, "server.log");
  runServerCommand([path.join(bin, "initdb"), "--pgdata", data, "--auth", "trust", "--username", "postgres"]);
  // The socket goes in the cluster's folder: /var/run/postgresql belongs to the machine's server.
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`;
  const pgCtl = (...args) => [path.join(bin, "pg_ctl"), "--pgdata", data, ...args];
  const startArgs = pgCtl("--log", log, "--options", options, "--wait", "start");
  // "immediate": the server quits at once, cutting every connection, as a crash or a kill would.
  const stopArgs = pgCtl("--mode", "immediate", "--wait", "stop");
  runServerCommand(startArgs);
  runServerCommand([
    path.join(bin, "createdb"),
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--username",
    "postgres",
    database,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    log,
    // Without blocking: the traffic measured meanwhile runs in the same event loop.
    start: () => runServerCommandAsync(startArgs),
    stop: () => runServerCommandAsync(stopArgs),
    remove() {
      try {
        runServerCommand(stopArgs);
      } catch {
        // already stopped
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
