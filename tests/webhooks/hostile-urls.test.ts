import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createPinnedClient, guardUrl, type Resolver } from "../../src/webhooks/delivery.ts";
import { runDeliveries } from "../../src/webhooks/run-deliveries.ts";
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
    ["https://127.0.0.1/hook", "127.0.0.1 is a loopback address (127.0.0.0/8)"],
    ["https://10.0.0.1/hook", "10.0.0.1 is a private address (10.0.0.0/8)"],
    ["https://172.16.5.4/hook", "172.16.5.4 is a private address (172.16.0.0/12)"],
    ["https://192.168.1.10/hook", "192.168.1.10 is a private address (192.168.0.0/16)"],
    ["https://100.64.0.1/hook", "100.64.0.1 is a shared (carrier-grade NAT) address (100.64.0.0/10)"],
    ["https://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address (169.254.0.0/16)"],
    ["https://0.0.0.0/hook", "0.0.0.0 is a this-network address (0.0.0.0/8)"],
    ["https://224.0.0.1/hook", "224.0.0.1 is a multicast address (224.0.0.0/4)"],
    ["https://192.0.0.8/hook", "192.0.0.8 is an IETF protocol assignment address (192.0.0.0/24)"],
    ["https://192.0.2.1/hook", "192.0.2.1 is a documentation address (192.0.2.0/24)"],
    ["https://192.31.196.1/hook", "192.31.196.1 is an AS112 address (192.31.196.0/24)"],
    ["https://192.52.193.1/hook", "192.52.193.1 is an AMT address (192.52.193.0/24)"],
    ["https://192.88.99.1/hook", "192.88.99.1 is a deprecated 6to4 relay anycast address (192.88.99.0/24)"],
    ["https://192.175.48.1/hook", "192.175.48.1 is an AS112 direct delegation address (192.175.48.0/24)"],
    ["https://198.18.0.1/hook", "198.18.0.1 is a benchmarking address (198.18.0.0/15)"],
    ["https://198.19.255.254/hook", "198.19.255.254 is a benchmarking address (198.18.0.0/15)"],
    ["https://198.51.100.7/hook", "198.51.100.7 is a documentation address (198.51.100.0/24)"],
    ["https://203.0.113.7/hook", "203.0.113.7 is a documentation address (203.0.113.0/24)"],
    ["https://240.0.0.1/hook", "240.0.0.1 is a reserved address (240.0.0.0/4)"],
    ["https://255.255.255.255/hook", "255.255.255.255 is a broadcast address (255.255.255.255/32)"],
    ["https://[::1]/hook", "::1 is a loopback address (::1/128)"],
    ["https://[::]/hook", ":: is an unspecified address (::/128)"],
    ["https://[::7f00:1]/hook", "::7f00:1 is an IPv4-compatible IPv6 address (::/96)"],
    ["https://[::127.0.0.1]/hook", "::7f00:1 is an IPv4-compatible IPv6 address (::/96)"],
    ["https://[::a00:1]/hook", "::a00:1 is an IPv4-compatible IPv6 address (::/96)"],
    [
      "https://[::ffff:127.0.0.1]/hook",
      "::ffff:7f00:1 is an IPv4-mapped IPv6 address (::ffff:0:0/96) for 127.0.0.1, a loopback address (127.0.0.0/8)",
    ],
    ["https://[::ffff:8.8.8.8]/hook", "::ffff:808:808 is an IPv4-mapped IPv6 address (::ffff:0:0/96)"],
    ["https://[64:ff9b::7f00:1]/hook", "64:ff9b::7f00:1 is an IPv4/IPv6 translation address (64:ff9b::/96)"],
    [
      "https://[64:ff9b:1::a00:1]/hook",
      "64:ff9b:1::a00:1 is a local-use IPv4/IPv6 translation address (64:ff9b:1::/48)",
    ],
    ["https://[100::1]/hook", "100::1 is a discard-only address (100::/64)"],
    ["https://[100:0:0:1::1]/hook", "100:0:0:1::1 is a dummy-prefix address (100:0:0:1::/64)"],
    ["https://[2001::1]/hook", "2001::1 is an IETF protocol assignment address (2001::/23)"],
    ["https://[2001:20::1]/hook", "2001:20::1 is an IETF protocol assignment address (2001::/23)"],
    ["https://[2001:db8::1]/hook", "2001:db8::1 is a documentation address (2001:db8::/32)"],
    ["https://[2002:7f00:1::1]/hook", "2002:7f00:1::1 is a 6to4 address (2002::/16)"],
    ["https://[2620:4f:8000::1]/hook", "2620:4f:8000::1 is an AS112 direct delegation address (2620:4f:8000::/48)"],
    ["https://[3fff::1]/hook", "3fff::1 is a documentation address (3fff::/20)"],
    ["https://[5f00::1]/hook", "5f00::1 is a segment routing SID address (5f00::/16)"],
    ["https://[fc00::1]/hook", "fc00::1 is a unique-local address (fc00::/7)"],
    ["https://[fe80::1]/hook", "fe80::1 is a link-local address (fe80::/10)"],
    ["https://[fec0::1]/hook", "fec0::1 is a deprecated site-local address (fec0::/10)"],
    ["https://[ff02::1]/hook", "ff02::1 is a multicast address (ff00::/8)"],
    ["https://[::ffff:0:7f00:1]/hook", "::ffff:0:7f00:1 is a special-purpose address (ipaddr.js: rfc6145)"],
    ["https://2130706433/hook", "127.0.0.1 is a loopback address (127.0.0.0/8)"],
    ["https://0x7f.1/hook", "127.0.0.1 is a loopback address (127.0.0.0/8)"],
    ["http://hooks.example.org/hook", "http URL: only https is accepted"],
    ["ftp://hooks.example.org/hook", "ftp URL: only https is accepted"],
  ])("refuses %s for good: %s", async (url, reason) => {
    expect(await guardUrl(url, { allowHosts: noAllowList, resolve: resolverOf({}) })).toEqual({
      ok: false,
      reason,
      permanent: true,
    });
  });

  it.each([
    ["hooks.evil.test", ["127.0.0.1"], "hooks.evil.test resolves to 127.0.0.1, a loopback address (127.0.0.0/8)"],
    [
      "metadata.evil.test",
      ["169.254.169.254"],
      "metadata.evil.test resolves to 169.254.169.254, a link-local address (169.254.0.0/16)",
    ],
    [
      "mixed.evil.test",
      ["93.184.215.14", "10.1.2.3"],
      "mixed.evil.test resolves to 10.1.2.3, a private address (10.0.0.0/8)",
    ],
    [
      "doc.evil.test",
      ["8.8.8.8", "192.0.2.1"],
      "doc.evil.test resolves to 192.0.2.1, a documentation address (192.0.2.0/24)",
    ],
    [
      "compat.evil.test",
      ["2606:4700:4700::1111", "::7f00:1"],
      "compat.evil.test resolves to ::7f00:1, an IPv4-compatible IPv6 address (::/96)",
    ],
    [
      "nat64.evil.test",
      ["8.8.8.8", "64:ff9b::a00:1"],
      "nat64.evil.test resolves to 64:ff9b::a00:1, an IPv4/IPv6 translation address (64:ff9b::/96)",
    ],
    [
      "mapped.evil.test",
      ["::ffff:10.0.0.1"],
      "mapped.evil.test resolves to ::ffff:10.0.0.1, an IPv4-mapped IPv6 address (::ffff:0:0/96) for 10.0.0.1, a private address (10.0.0.0/8)",
    ],
    ["v6.evil.test", ["fd12:3456::1"], "v6.evil.test resolves to fd12:3456::1, a unique-local address (fc00::/7)"],
  ])("refuses %s, which resolves inward, until DNS says otherwise", async (host, addresses, reason) => {
    const resolve = resolverOf({ [host]: addresses });
    expect(await guardUrl(`https://${host}/hook`, { allowHosts: noAllowList, resolve })).toEqual({
      ok: false,
      reason,
      permanent: false,
    });
  });

  it.each([
    ["https://8.8.8.8/hook", "8.8.8.8", {}],
    ["https://[2606:4700:4700::1111]/hook", "2606:4700:4700::1111", {}],
    ["https://dns.example.test/hook", "8.8.8.8", { "dns.example.test": ["8.8.8.8"] }],
    [
      "https://dns6.example.test/hook",
      "2606:4700:4700::1111",
      { "dns6.example.test": ["2606:4700:4700::1111", "8.8.4.4"] },
    ],
    // Just outside a special-purpose range.
    ["https://100.128.0.1/hook", "100.128.0.1", {}],
    ["https://172.32.0.1/hook", "172.32.0.1", {}],
    ["https://198.20.0.1/hook", "198.20.0.1", {}],
    ["https://223.255.255.254/hook", "223.255.255.254", {}],
    ["https://[2001:200::1]/hook", "2001:200::1", {}],
    ["https://[2003::1]/hook", "2003::1", {}],
  ])("lets %s through to the public address %s", async (url, address, table: Record<string, string[]>) => {
    expect(await guardUrl(url, { allowHosts: noAllowList, resolve: resolverOf(table) })).toMatchObject({
      ok: true,
      address,
    });
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
    expect(await guardUrl("http://127.0.0.1:9/x", { allowHosts, resolve: resolverOf({}) })).toMatchObject({
      ok: true,
      address: "127.0.0.1",
    });
    expect(await guardUrl("http://[::1]:9/x", { allowHosts, resolve: resolverOf({}) })).toMatchObject({
      ok: true,
      address: "::1",
    });
    expect(
      await guardUrl("http://localhost:9/x", { allowHosts, resolve: resolverOf({ localhost: ["127.0.0.1"] }) }),
    ).toMatchObject({ ok: false });
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
    expect(log).toContain(
      `delivery ${idOf("plain-http")} (plain-http, bc.rent_cap.2026 v2) attempt 1: refused: http URL: only https is accepted -> dead`,
    );
    expect(log).toContain(
      `delivery ${idOf("loopback")} (loopback, bc.rent_cap.2026 v2) attempt 1: refused: 127.0.0.1 is a loopback address (127.0.0.0/8) -> dead`,
    );
    expect(log).toContain(
      `delivery ${idOf("loopback-v6")} (loopback-v6, bc.rent_cap.2026 v2) attempt 1: refused: ::1 is a loopback address (::1/128) -> dead`,
    );
    expect(log).toContain(
      `delivery ${idOf("rebound")} (rebound, bc.rent_cap.2026 v2) attempt 1: refused: hooks.evil.test resolves to 127.0.0.1, a loopback address (127.0.0.0/8) -> retrying`,
    );
    expect(log).toContain(
      `delivery ${idOf("private")} (private, bc.rent_cap.2026 v2) attempt 1: refused: 10.0.0.1 is a private address (10.0.0.0/8) -> dead`,
    );
    expect(log).toContain(
      `delivery ${idOf("metadata")} (metadata, bc.rent_cap.2026 v2) attempt 1: refused: 169.254.169.254 is a link-local address (169.254.0.0/16) -> dead`,
    );
  });

  it.each([
    ["an IPv4-compatible", "::7f00:1", "::7f00:1 is an IPv4-compatible IPv6 address (::/96)"],
    [
      "an IPv4-mapped",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1 is an IPv4-mapped IPv6 address (::ffff:0:0/96) for 127.0.0.1, a loopback address (127.0.0.0/8)",
    ],
    ["a NAT64", "64:ff9b::127.0.0.1", "64:ff9b::7f00:1 is an IPv4/IPv6 translation address (64:ff9b::/96)"],
  ])(
    "never reaches 127.0.0.1 through %s IPv6 address (%s), even with loopback allow-listed",
    async (_kind, literal, reason) => {
      const receiver = await startReceiver(status(200));
      const calls: string[] = [];
      const options = await runContext({
        now: () => new Date(),
        allowHosts: new Set(["127.0.0.1", "::1"]),
        resolve: resolverOf({ "hooks.evil.test": ["8.8.8.8", literal] }, calls),
        subscribers: [
          subscriber(`https://[${literal}]:${receiver.port}/hook`, { id: "literal" }),
          subscriber(`https://hooks.evil.test:${receiver.port}/hook`, { id: "rebound" }),
        ],
      });
      const records = await seed(options);
      const summary = await runDeliveries(options);

      expect(receiver.connections).toBe(0);
      expect(calls).toEqual(["hooks.evil.test"]);
      expect(summary.outcomes).toMatchObject({ dead: 1, retrying: 1 });
      const log = options.lines.join("\n");
      const idOf = (subscriberId: string) => records.find((record) => record.subscriber === subscriberId)!.id;
      expect(log).toContain(
        `delivery ${idOf("literal")} (literal, bc.rent_cap.2026 v2) attempt 1: refused: ${reason} -> dead`,
      );
      expect(log).toContain(
        `delivery ${idOf("rebound")} (rebound, bc.rent_cap.2026 v2) attempt 1: refused: hooks.evil.test resolves to ${literal}, ${reason.slice(reason.indexOf(" is ") + 4)} -> retrying`,
      );
    },
  );

  it("does not follow a redirect: the target never hears of it", async () => {
    const target = await startReceiver(status(200));
    const redirecting = await startReceiver(status(302, { Location: `http://localhost:${target.port}/internal` }));
    const options = await runContext({
      now: () => new Date(),
      allowHosts: new Set(["127.0.0.1", "localhost"]),
      subscribers: [subscriber(redirecting.url)],
    });
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
    expect(options.lines.at(-1)).toContain(
      "attempt 2: refused: hooks.flip.test resolves to 127.0.0.1, a loopback address (127.0.0.0/8) -> retrying",
    );
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
      seen.push({
        servername: (request.socket as import("node:tls").TLSSocket).servername,
        host: request.headers.host,
      });
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
