import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readiness } from "./readiness";

/** A CMS whose /health answers what the test sets. */
let healthStatus = 200;
const cms = http.createServer((_req, res) => {
  res.writeHead(healthStatus, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "x" }));
});
const servers: http.Server[] = [];

function listen(server: http.Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

async function storefront(cmsUrl: string): Promise<string> {
  const app = express();
  app.get("/readyz", readiness({ cmsUrl }));
  return listen(http.createServer(app));
}

let cmsUrl = "";
beforeAll(async () => {
  cmsUrl = await listen(cms);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the storefront's readiness", () => {
  it("is ready when its CMS answers, even 503 (a CMS without its database), so no balancer takes every storefront out", async () => {
    const url = await storefront(cmsUrl);
    for (const status of [200, 503]) {
      healthStatus = status;
      const response = await fetch(`${url}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", cms: status });
    }
  });

  it("is not ready when it cannot reach its CMS at all", async () => {
    // A port nothing listens on: a server bound and closed again.
    const closed = http.createServer();
    const deadUrl = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    servers.splice(servers.indexOf(closed), 1);
    const url = await storefront(deadUrl);
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "error", cms: "unreachable" });
  });
});
