import { spawn } from "node:child_process";
import { createHash, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectCommand } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { newTestKey, type TestKey } from "./signing-helpers.ts";

const MANIFEST = "/api/v1/facts/manifest.json";
const SIGNATURE = "/api/v1/facts/manifest.json.sig";
const MB = 1024 * 1024;

/**
 * The deadline given to the check where a test is about the deadline: long enough for the manifest and its signature
 * to be read and every listed file requested on a loaded machine, and the least a run of that test lasts.
 */
const DEADLINE_SECONDS = 5;
/** The check's peak resident memory must stay under this, whatever the site claims or sends. */
const PEAK_RSS_LIMIT_MB = 300;

type Body = (response: ServerResponse) => void;
interface Listed {
  path: string;
  bytes: number;
  sha256: string;
  body: Body;
}

const OK_TEXT = "the one honest file\n";
const sha256Of = (text: string): string => createHash("sha256").update(text).digest("hex");
const ONE_MB = Buffer.alloc(MB, "x");

const running: ReturnType<typeof createServer>[] = [];
const timers: NodeJS.Timeout[] = [];
afterEach(() => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const server of running.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A body that never ends and comes as fast as the client reads it; counts what it sent. */
const endless =
  (sent: { bytes: number }): Body =>
  (response) => {
    const pump = (): void => {
      let more = true;
      while (more && !response.destroyed) {
        more = response.write(ONE_MB);
        sent.bytes += MB;
      }
    };
    response.on("drain", pump);
    pump();
  };

/** A body that sends one byte every half second, forever: each read makes progress, so only a deadline ends it. */
const drip: Body = (response) => {
  response.flushHeaders();
  const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write("x")), 500);
  timers.push(timer);
};

/**
 * A hostile host on 127.0.0.1: the manifest listing `files`, its signature by `signer` (undefined: no signature,
 * 404), and each file's body as `files` says. Counts every request by path.
 */
const serveHostileSite = async (
  files: Listed[],
  signer: TestKey | undefined,
): Promise<{ origin: string; requests: string[] }> => {
  const manifest = Buffer.from(
    JSON.stringify({ files: files.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 })) }),
  );
  const signature = signer === undefined ? undefined : sign(null, manifest, signer.pem).toString("base64");
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? "");
    response.on("error", () => undefined);
    if (request.url === MANIFEST) return void response.end(manifest);
    if (request.url === SIGNATURE && signature !== undefined) return void response.end(signature);
    const file = files.find((entry) => entry.path === request.url);
    if (file === undefined) return void response.writeHead(404).end();
    file.body(response);
  });
  running.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
};

/** `npm run verify-site` as a child process, its peak resident memory read from /proc while it runs (Linux). */
const verifySiteMeasured = async (origin: string, keysFile: string, ...more: string[]) => {
  const started = performance.now();
  const command = projectCommand("src/cli/verify-site.ts", [origin, "--keys", keysFile, ...more]);
  const child = spawn(command.command, command.args, { cwd: command.cwd, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let peakKb = 0;
  const poll = setInterval(() => {
    try {
      const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (match) peakKb = Math.max(peakKb, Number(match[1]));
    } catch {
      // The process has ended between two polls.
    }
  }, 50);
  timers.push(poll);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(poll);
  return { code, stdout, stderr, seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024 };
};

const keysFor = async (key: TestKey): Promise<string> => {
  const file = path.join(await tempDir(), "jwks.json");
  await writeFile(file, JSON.stringify({ keys: [key.jwk] }));
  return file;
};

const honest: Listed = {
  path: "/ok.txt",
  bytes: OK_TEXT.length,
  sha256: sha256Of(OK_TEXT),
  body: (response) => response.end(OK_TEXT),
};

describe.skipIf(process.platform !== "linux")("npm run verify-site against a hostile site", () => {
  it.each([
    [
      "signed by a key outside the committed set",
      "bad signature: no key of the set verifies the signature",
      "bad signature",
    ],
    ["unsigned", "unsigned: the tree publishes no signature (HTTP 404)", "unsigned"],
  ])("fetches no listed file when the manifest is %s", async (_name, problem, verdict) => {
    const key = newTestKey();
    const signer = verdict === "bad signature" ? newTestKey() : undefined;
    const sent = { bytes: 0 };
    const { origin, requests } = await serveHostileSite(
      [{ path: "/endless.bin", bytes: 8 * 1024 * MB, sha256: "0".repeat(64), body: endless(sent) }, honest],
      signer,
    );
    const result = await verifySiteMeasured(origin, await keysFor(key));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${SIGNATURE}: ${problem}`);
    expect(result.stdout).toMatch(
      new RegExp(
        `NOT verified http://127\\.0\\.0\\.1:\\d+: ${verdict}; the 2 listed files were not fetched, since only a manifest signed by a committed key is trusted\\n$`,
      ),
    );
    expect(requests.sort()).toEqual([MANIFEST, SIGNATURE].sort());
    expect(sent.bytes).toBe(0);
  });

  it("hashes an endless body listed larger than the memory bound, and too long and over-announced ones, in bounded memory, naming each file", async () => {
    const key = newTestKey();
    const sent = { bytes: 0 };
    // Listed at more than the memory bound, so that the check must stream all of it (and one byte more) to find it
    // longer than listed: holding it would break the bound.
    const listed = (PEAK_RSS_LIMIT_MB + 100) * MB;
    const { origin, requests } = await serveHostileSite(
      [
        { path: "/endless.bin", bytes: listed, sha256: "0".repeat(64), body: endless(sent) },
        // Chunked, so that the client only learns the length by reading.
        {
          path: "/longer.txt",
          bytes: 10,
          sha256: "0".repeat(64),
          body: (response) => {
            response.write("y");
            response.end("y".repeat(MB));
          },
        },
        {
          path: "/announced.txt",
          bytes: 10,
          sha256: "0".repeat(64),
          body: (response) => {
            response.writeHead(200, { "content-length": String(5 * MB) });
            response.write("z");
          },
        },
        honest,
      ],
      key,
    );
    const result = await verifySiteMeasured(origin, await keysFor(key));
    console.log(
      `verify-site against a site whose listed files are longer than listed: peak RSS ${result.peakMb.toFixed(0)} MB while the site sent ${(sent.bytes / MB).toFixed(0)} MB ` +
        `of one endless body; exited ${result.code} after ${result.seconds.toFixed(1)} s`,
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toContain(`/endless.bin: ${listed} bytes listed, more than ${listed} bytes in the body`);
    expect(lines).toContain("/longer.txt: 10 bytes listed, more than 10 bytes in the body");
    expect(lines).toContain(
      `/announced.txt: 10 bytes listed, ${5 * MB} bytes announced (Content-Length), more than the 10 allowed`,
    );
    expect(lines.at(-1)).toMatch(
      /^NOT verified http:\/\/127\.0\.0\.1:\d+: signature valid \(key [\w-]+\); 3 of 4 listed files differ$/,
    );
    expect(lines).toHaveLength(4);
    expect(requests).toContain("/ok.txt");
    // More went through than the memory bound, so holding it would have broken the bound.
    expect(sent.bytes).toBeGreaterThan(listed);
    expect(result.peakMb).toBeGreaterThan(0);
    expect(result.peakMb).toBeLessThan(PEAK_RSS_LIMIT_MB);
  });

  it("stops endless and dripping bodies at the deadline, naming each file", async () => {
    const key = newTestKey();
    const sent = { bytes: 0 };
    const { origin, requests } = await serveHostileSite(
      [
        { path: "/endless.bin", bytes: 8 * 1024 * MB, sha256: "0".repeat(64), body: endless(sent) },
        { path: "/drip.txt", bytes: 1_000_000, sha256: "0".repeat(64), body: drip },
        honest,
      ],
      key,
    );
    const result = await verifySiteMeasured(origin, await keysFor(key), "--deadline-seconds", String(DEADLINE_SECONDS));
    console.log(
      `verify-site against a site whose listed files never end: peak RSS ${result.peakMb.toFixed(0)} MB while the site sent ${(sent.bytes / MB).toFixed(0)} MB ` +
        `of one endless body; exited ${result.code} after ${result.seconds.toFixed(1)} s (deadline ${DEADLINE_SECONDS} s)`,
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^/endless\\.bin: ${8 * 1024 * MB} bytes listed, the overall deadline of ${DEADLINE_SECONDS} s passed \\(\\d+ bytes read\\)$`,
        ),
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^/drip\\.txt: 1000000 bytes listed, the overall deadline of ${DEADLINE_SECONDS} s passed \\(\\d+ bytes read\\)$`,
        ),
      ),
    );
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^NOT verified http://127\\.0\\.0\\.1:\\d+: signature valid \\(key [\\w-]+\\); 2 of 3 listed files differ; stopped at the overall deadline of ${DEADLINE_SECONDS} s \\(--deadline-seconds\\)$`,
      ),
    );
    expect(lines).toHaveLength(3);
    expect(requests).toContain("/ok.txt");
    expect(result.peakMb).toBeLessThan(PEAK_RSS_LIMIT_MB);
  });
});
