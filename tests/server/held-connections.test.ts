import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../helpers/limits.ts";
import { writeSiteFixture } from "./site-fixture.ts";
import { startCli } from "./start-cli.ts";

const FACT = "/api/v1/facts/by-id/bc.ptt.brackets.json";
/** The server's open-file limit, as on a host left at a common default. */
const SERVER_LIMIT = 1_024;
/** Idle connections the attacking client holds: more than the server has file descriptors. */
const HELD = 1_100;
/** This process's open-file limits (soft and hard) from /proc/self/limits; undefined where there is no such file. */
const openFileLimitsOfThisProcess = (): { soft: number; hard: number } | undefined => {
  try {
    const match = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)\s/m.exec(
      readFileSync("/proc/self/limits", "utf8"),
    );
    const value = (text: string) => (text === "unlimited" ? Number.POSITIVE_INFINITY : Number(text));
    return match === null ? undefined : { soft: value(match[1]!), hard: value(match[2]!) };
  } catch {
    return undefined;
  }
};
const openFileLimitOfThisProcess = (): number | undefined => openFileLimitsOfThisProcess()?.soft;

/** Why this test cannot run here, if it cannot: it holds the connections itself, so it needs more files than that. */
const skipReason = ((): string | undefined => {
  if (process.platform !== "linux") return `needs Linux (ulimit and /proc), not ${process.platform}`;
  const own = openFileLimitOfThisProcess();
  const needed = HELD + 500;
  if (own === undefined || own < needed)
    return `this test process may open ${own ?? "an unknown number of"} files; holding ${HELD} connections needs ${needed} (raise ulimit -n)`;
  return undefined;
})();

/**
 * CI must run the test (a skip counts as a pass), so there a runner that cannot hold the connections fails it; a
 * developer's machine with a lower limit skips it with the reason.
 */
const mustRun = Boolean(process.env.CI) && process.env.CI !== "false";

type Probe = { status: number } | { failure: string };

/** One request on a fresh connection, as a new client makes it: the answer's status, or how it failed. */
const probe = (port: number, timeoutMs: number): Promise<Probe> =>
  new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let failure: string | undefined;
    const timer = setTimeout(() => {
      failure = `no answer within ${timeoutMs} ms`;
      socket.destroy();
    }, timeoutMs);
    socket.setEncoding("latin1");
    socket.on("connect", () => socket.write(`GET ${FACT} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => (failure ??= error.code ?? error.message));
    socket.on("close", () => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      resolve(status !== null ? { status: Number(status[1]) } : { failure: failure ?? "closed without an answer" });
    });
  });

describe.skipIf(skipReason !== undefined && !mustRun)(
  "the local server: one client holding more idle connections than it has file descriptors",
  () => {
    it(`serves a new client again once the held connections time out${skipReason === undefined ? "" : ` (${mustRun ? "cannot run here" : "skipped"}: ${skipReason})`}`, async () => {
      expect(skipReason, "CI must run this test").toBeUndefined();
      const { root } = await writeSiteFixture();
      const server = startCli(["--dir", root, "--port", "0"], {}, { openFileLimit: SERVER_LIMIT });
      const held: net.Socket[] = [];
      try {
        const port = Number(new URL(await server.url).port);
        await expect
          .poll(() => server.output().stdout, { timeout: LIMITS.wait })
          .toContain(`Open-file limit: ${SERVER_LIMIT}; each connection holds one file`);
        expect(await probe(port, LIMITS.answer)).toEqual({ status: 200 });

        // Connections that send nothing, from a client that never closes its side even when the server closes its own.
        let closedByServer = 0;
        for (let index = 0; index < HELD; index += 1) {
          const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
          socket.on("error", () => undefined);
          socket.resume(); // reads the server's answer, so that its end is seen
          socket.on("end", () => (closedByServer += 1));
          held.push(socket);
        }

        // The attack starves the server: it holds as many files as it may, and a new client waits for one.
        const filesOpen = () => readdirSync(`/proc/${server.child.pid}/fd`).length;
        await expect.poll(filesOpen, { timeout: LIMITS.wait, interval: 100 }).toBeGreaterThanOrEqual(SERVER_LIMIT);

        // The server's request-head timeout answers the held connections 408 and closes them, and the new client is
        // served. Probes go on until one is (a probe left unanswered for long, or refused, is followed by another); a
        // server that stayed starved ends the test at its time limit.
        const failures: string[] = [];
        for (;;) {
          const result = await probe(port, LIMITS.answer);
          if ("status" in result) {
            expect(result.status).toBe(200);
            break;
          }
          failures.push(result.failure);
          await sleep(200); // paces the probes; nothing waits on this
        }
        await expect.poll(() => closedByServer, { timeout: LIMITS.wait }).toBeGreaterThan(0);
        console.log(
          `${HELD} idle connections against a server limited to ${SERVER_LIMIT} files: a new client was served again after ${failures.length} failed probe(s) (${[...new Set(failures)].join(", ") || "none"}); ` +
            `by then the server had closed ${closedByServer} of the held connections`,
        );
      } finally {
        for (const socket of held) socket.destroy();
        server.child.kill("SIGKILL");
        await server.exited;
      }
    });
  },
);

/** The hard open-file limit this test process may give the server, when it is known and worth a test (above 256). */
const hardLimit = ((): number | undefined => {
  if (process.platform !== "linux") return undefined;
  const hard = openFileLimitsOfThisProcess()?.hard;
  return hard !== undefined && hard > 256 ? hard : undefined;
})();

describe.skipIf(hardLimit === undefined)("the local server's open-file limit", () => {
  it("runs with its soft limit raised to the hard limit, and says so as it starts", async () => {
    const { root } = await writeSiteFixture();
    // A soft limit far below the hard one, as a login shell often sets: Node raises it to the hard limit at startup.
    const server = startCli(["--dir", root, "--port", "0"], {}, { softOpenFileLimit: 256 });
    try {
      await server.url;
      const stdout = () => server.output().stdout;
      await expect.poll(stdout, { timeout: LIMITS.wait }).toContain("Open-file limit: ");
      const shown = hardLimit === Number.POSITIVE_INFINITY ? "unlimited" : String(hardLimit);
      console.log(
        `started under ulimit -Sn 256 (hard limit ${shown}): ${/Open-file limit: [^\n]*/.exec(stdout())?.[0]}`,
      );
      if (hardLimit === Number.POSITIVE_INFINITY) {
        // With no hard limit Node raises the soft one as far as the system lets it: far above where it started.
        expect(Number(/Open-file limit: (\d+);/.exec(stdout())?.[1])).toBeGreaterThan(256);
      } else {
        expect(stdout()).toContain(`Open-file limit: ${shown}; each connection holds one file`);
      }
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  });
});
