import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { guardUrl, type Resolver } from "../../src/webhooks/delivery/guard-url.ts";
import { createPinnedClient } from "../../src/webhooks/delivery/pinned-client.ts";
import { runDeliveries } from "../../src/webhooks/delivery/run-deliveries.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { runContext, seed, subscriber } from "./helpers/fixtures.ts";
import { startReceiver, status } from "./helpers/receiver.ts";

const exec = promisify(execFile);

const resolverOf =
  (table: Record<string, string[]>, calls: string[] = []): Resolver =>
  async (hostname) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

const noAllowList = new Set<string>();

describe("the URL guard", () => {
  it.each([
    ["https://127.0.0.1/hook", "127.0.0.1 is a loopback address"],
    ["https://10.0.0.1/hook", "10.0.0.1 is a private address"],
    ["https://172.16.5.4/hook", "172.16.5.4 is a private address"],
    ["https://192.168.1.10/hook", "192.168.1.10 is a private address"],
    ["https://100.64.0.1/hook", "100.64.0.1 is a carrier-grade NAT (100.64/10) address"],
    ["https://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address"],
    ["https://0.0.0.0/hook", "0.0.0.0 is an unspecified address"],
    ["https://224.0.0.1/hook", "224.0.0.1 is a multicast address"],
    ["https://[::1]/hook", "::1 is a loopback address"],
    ["https://[::]/hook", ":: is an unspecified address"],
    ["https://[fe80::1]/hook", "fe80::1 is a link-local address"],
    ["https://[fc00::1]/hook", "fc00::1 is a unique-local (fc00::/7) address"],
    ["https://[ff02::1]/hook", "ff02::1 is a multicast address"],
    ["https://[::ffff:127.0.0.1]/hook", "::ffff:7f00:1 is an IPv4-mapped IPv6 address"],
    ["https://2130706433/hook", "127.0.0.1 is a loopback address"],
    ["https://0x7f.1/hook", "127.0.0.1 is a loopback address"],
    ["http://hooks.example.org/hook", "http URL: only https is accepted"],
    ["ftp://hooks.example.org/hook", "ftp URL: only https is accepted"],
  ])("refuses %s for good: %s", async (url, reason) => {
    expect(await guardUrl(url, { allowHosts: noAllowList, resolve: resolverOf({}) })).toEqual({ ok: false, reason, permanent: true });
  });

  it.each([
    ["hooks.evil.test", ["127.0.0.1"], "hooks.evil.test resolves to 127.0.0.1, a loopback address"],
    ["metadata.evil.test", ["169.254.169.254"], "metadata.evil.test resolves to 169.254.169.254, a link-local address"],
    ["mixed.evil.test", ["93.184.215.14", "10.1.2.3"], "mixed.evil.test resolves to 10.1.2.3, a private address"],
    ["mapped.evil.test", ["::ffff:10.0.0.1"], "mapped.evil.test resolves to ::ffff:10.0.0.1, an IPv4-mapped IPv6 address"],
    ["v6.evil.test", ["fd12:3456::1"], "v6.evil.test resolves to fd12:3456::1, a unique-local (fc00::/7) address"],
  ])("refuses %s, which resolves inward, until DNS says otherwise", async (host, addresses, reason) => {
    const resolve = resolverOf({ [host]: addresses });
    expect(await guardUrl(`https://${host}/hook`, { allowHosts: noAllowList, resolve })).toEqual({ ok: false, reason, permanent: false });
  });

  it("accepts a public https host and pins the address it resolved to", async () => {
    const result = await guardUrl("https://hooks.example.org:8443/x?y=1", {
      allowHosts: noAllowList,
      resolve: resolverOf({ "hooks.example.org": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"] }),
    });
    expect(result).toMatchObject({ ok: true, address: "93.184.215.14" });
  });

  it("lets only allow-listed hosts use http and loopback", async () => {
    const allowHosts = new Set(["127.0.0.1", "::1"]);
    expect(await guardUrl("http://127.0.0.1:9/x", { allowHosts, resolve: resolverOf({}) })).toMatchObject({ ok: true, address: "127.0.0.1" });
    expect(await guardUrl("http://[::1]:9/x", { allowHosts, resolve: resolverOf({}) })).toMatchObject({ ok: true, address: "::1" });
    expect(await guardUrl("http://localhost:9/x", { allowHosts, resolve: resolverOf({ localhost: ["127.0.0.1"] }) })).toMatchObject({ ok: false });
  });
});

describe("hostile URLs in real deliveries", () => {
  it("sends nothing to 127.0.0.1 without the allow-list, nor to a name that resolves to it, and names the delivery and the reason", async () => {
    const receiver = await startReceiver(status(200));
    const calls: string[] = [];
    const options = await runContext({
      now: () => new Date(),
      allowHosts: noAllowList,
      resolve: resolverOf({ "hooks.evil.test": ["127.0.0.1"] }, calls),
      subscribers: [
        subscriber(receiver.url, { id: "plain-http" }),
        subscriber(`https://127.0.0.1:${receiver.port}/hook`, { id: "loopback" }),
        subscriber(`https://[::1]:${receiver.port}/hook`, { id: "loopback-v6" }),
        subscriber(`https://hooks.evil.test:${receiver.port}/hook`, { id: "rebound" }),
        subscriber("https://10.0.0.1/hook", { id: "private" }),
        subscriber("https://169.254.169.254/latest/meta-data/", { id: "metadata" }),
      ],
    });
    const records = await seed(options);
    const summary = await runDeliveries(options);

    expect(receiver.connections).toBe(0);
    expect(calls).toEqual(["hooks.evil.test"]);
    expect(summary.outcomes).toMatchObject({ dead: 5, retrying: 1 });
    const log = options.lines.join("\n");
    const idOf = (subscriberId: string) => records.find((record) => record.subscriber === subscriberId)!.id;
    expect(log).toContain(`delivery ${idOf("plain-http")} (plain-http, bc.rent_cap.2026 v2) attempt 1: refused: http URL: only https is accepted -> dead`);
    expect(log).toContain(`delivery ${idOf("loopback")} (loopback, bc.rent_cap.2026 v2) attempt 1: refused: 127.0.0.1 is a loopback address -> dead`);
    expect(log).toContain(`delivery ${idOf("loopback-v6")} (loopback-v6, bc.rent_cap.2026 v2) attempt 1: refused: ::1 is a loopback address -> dead`);
    expect(log).toContain(
      `delivery ${idOf("rebound")} (rebound, bc.rent_cap.2026 v2) attempt 1: refused: hooks.evil.test resolves to 127.0.0.1, a loopback address -> retrying`,
    );
    expect(log).toContain(`delivery ${idOf("private")} (private, bc.rent_cap.2026 v2) attempt 1: refused: 10.0.0.1 is a private address -> dead`);
    expect(log).toContain(`delivery ${idOf("metadata")} (metadata, bc.rent_cap.2026 v2) attempt 1: refused: 169.254.169.254 is a link-local address -> dead`);
  });

  it("does not follow a redirect: the target never hears of it", async () => {
    const target = await startReceiver(status(200));
    const redirecting = await startReceiver(status(302, { Location: `http://localhost:${target.port}/internal` }));
    const options = await runContext({ now: () => new Date(), allowHosts: new Set(["127.0.0.1", "localhost"]), subscribers: [subscriber(redirecting.url)] });
    await seed(options);
    const summary = await runDeliveries(options);
    expect(redirecting.requests).toHaveLength(1);
    expect(target.connections).toBe(0);
    expect(summary.outcomes.retrying).toBe(1);
    expect(options.lines.join("\n")).toContain("attempt 1: HTTP 302 -> retrying");
  });

  it("resolves the host again at every attempt and refuses it once it points inward", async () => {
    const receiver = await startReceiver(status(500));
    const table: Record<string, string[]> = { "hooks.flip.test": ["127.0.0.1"] };
    const calls: string[] = [];
    const options = await runContext({
      allowHosts: new Set(["hooks.flip.test"]),
      resolve: resolverOf(table, calls),
      maxWaitMs: 0,
      subscribers: [subscriber(`http://hooks.flip.test:${receiver.port}/hook`)],
    });
    await seed(options);
    await runDeliveries(options);
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.headers.host).toBe(`hooks.flip.test:${receiver.port}`);

    options.allowHosts = noAllowList;
    options.subscribers = [subscriber(`https://hooks.flip.test:${receiver.port}/hook`)];
    await options.sleep(60_000);
    await runDeliveries(options);
    expect(calls).toEqual(["hooks.flip.test", "hooks.flip.test"]);
    expect(receiver.requests).toHaveLength(1);
    expect(options.lines.at(-1)).toContain("attempt 2: refused: hooks.flip.test resolves to 127.0.0.1, a loopback address -> retrying");
  });

  it("connects to the vetted address while sending the URL's host name as Host and TLS server name", async () => {
    const folder = await tempDir();
    const key = path.join(folder, "key.pem");
    const cert = path.join(folder, "cert.pem");
    await exec("openssl", [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=hooks.example.test",
      "-addext",
      "subjectAltName=DNS:hooks.example.test",
      "-keyout",
      key,
      "-out",
      cert,
    ]);
    const seen: { servername: string | false | null | undefined; host: string | undefined }[] = [];
    const server = createServer({ key: await readFile(key), cert: await readFile(cert) }, (request, response) => {
      seen.push({ servername: (request.socket as import("node:tls").TLSSocket).servername, host: request.headers.host });
      request.resume();
      request.on("end", () => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const client = createPinnedClient({ tls: { ca: await readFile(cert) } });
      const options = await runContext({
        now: () => new Date(),
        client,
        allowHosts: new Set(["hooks.example.test"]),
        resolve: resolverOf({ "hooks.example.test": ["127.0.0.1"] }),
        subscribers: [subscriber(`https://hooks.example.test:${port}/hook`)],
      });
      await seed(options);
      const summary = await runDeliveries(options);
      await client.close();
      expect(summary.outcomes.delivered).toBe(1);
      expect(seen).toEqual([{ servername: "hooks.example.test", host: `hooks.example.test:${port}` }]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
