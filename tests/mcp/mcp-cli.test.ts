import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { LIMITS } from "../helpers/limits.ts";
import { projectCommand, runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const { out } = frozenSite();

/** Starts the server with stdin closed: a tree it accepts makes it serve until then; one it refuses, exit at once. */
const startOn = (...args: string[]) => runScript("src/cli/mcp.ts", args);

const expectRefusal = (result: Awaited<ReturnType<typeof startOn>>, message: RegExp): void => {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr.trim().split("\n")).toHaveLength(1);
  expect(result.stderr).toMatch(message);
};

describe("npm run mcp refuses to start on what is not a built tree", () => {
  it("a folder that does not exist", async () => {
    const missing = path.join(await tempDir(), "no-such-site");
    expectRefusal(
      await startOn("--site", missing),
      new RegExp(`^mcp failed: --site ${missing}: no such folder; build one with npm run build`),
    );
  });

  it("a folder without the published files", async () => {
    const empty = await tempDir();
    expectRefusal(
      await startOn("--site", empty),
      new RegExp(`^mcp failed: --site ${empty} is not a built tree: it has no api/v1/facts/index\\.json`),
    );
  });

  it("a tree whose upcoming list does not follow its schema, located to the file, line, column and JSON Pointer", async () => {
    const site = await tempDir(out);
    const upcomingFile = path.join(site, SITE_PATHS.upcoming);
    const upcoming = JSON.parse(await readFile(upcomingFile, "utf8")) as { window_days: unknown };
    upcoming.window_days = "two";
    await writeFile(upcomingFile, JSON.stringify(upcoming, null, 2));
    expectRefusal(
      await startOn("--site", site),
      new RegExp(
        `^mcp failed: --site ${site} is not a valid built tree: ${upcomingFile}:\\d+:\\d+: expected number, found string \\(at /window_days\\)`,
      ),
    );
  });

  it("a search index naming a fact the manifest does not list", async () => {
    const site = await tempDir(out);
    const indexFile = path.join(site, SITE_PATHS.searchIndex);
    const index = JSON.parse(await readFile(indexFile, "utf8")) as { id: string }[];
    index[0]!.id = "bc.not_published";
    await writeFile(indexFile, JSON.stringify(index));
    expectRefusal(
      await startOn("--site", site),
      /names bc\.not_published, which the tree does not publish \(the manifest's fact_id_list lacks it\) \(at \/0\/id\)/,
    );
  });

  it("a manifest without the size and SHA-256 of the files, which each file read on demand is checked against", async () => {
    const site = await tempDir(out);
    const manifestFile = path.join(site, SITE_PATHS.manifest);
    const { files: _files, ...manifest } = JSON.parse(await readFile(manifestFile, "utf8")) as { files: unknown };
    await writeFile(manifestFile, JSON.stringify(manifest));
    expectRefusal(await startOn("--site", site), /manifest\.json:1:1: lists no files with their SHA-256/);
  });

  it("a file given as the folder, and an option it does not know", async () => {
    const file = path.join(await tempDir(), "index.json");
    await writeFile(file, "{}");
    expectRefusal(await startOn("--site", file), /is a file, not the folder of a built tree/);
    expectRefusal(await startOn("--site", out, "--dir", out), /^mcp: Unknown option '--dir'/);
  });

  it("starts on a built tree, saying so on stderr only, and ends when its input closes", async () => {
    const result = await startOn("--site", out);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^mcp: serving \d+ facts from .+ over stdio\n$/);
  });
});

/** How long a test waits for each answer; generous, since the machine running the tests may be loaded. */
const ANSWER_MS = 10_000;

/**
 * `npm run mcp` spoken to line by line, as a host that writes whatever it likes would: `send` writes raw text to its
 * stdin, `answer` resolves with the next line it writes to stdout, parsed.
 */
const startRaw = (site: string) => {
  const command = projectCommand("src/cli/mcp.ts", ["--site", site]);
  const child = spawn(command.command, command.args, {
    cwd: command.cwd,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiting: (() => void)[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const wake of waiting.splice(0)) wake();
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  void exited.then(() => {
    for (const wake of waiting.splice(0)) wake();
  });
  child.stdin.on("error", () => undefined); // a server that exited is reported by `answer`
  /** The next line, or an error naming why none came: the server exited, or said nothing for `ANSWER_MS`. */
  const answer = async (): Promise<Record<string, unknown>> => {
    const givenUp = Date.now() + ANSWER_MS;
    while (!stdout.includes("\n")) {
      if (child.exitCode !== null)
        throw new Error(`mcp exited with ${child.exitCode} before answering; stderr: ${stderr}`);
      if (Date.now() >= givenUp) throw new Error(`mcp gave no answer within ${ANSWER_MS} ms`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, 500);
      });
    }
    const line = stdout.slice(0, stdout.indexOf("\n"));
    stdout = stdout.slice(line.length + 1);
    return JSON.parse(line) as Record<string, unknown>;
  };
  const send = (text: string) => new Promise<void>((resolve) => child.stdin.write(text, () => resolve()));
  const end = async () => {
    child.stdin.end();
    return { code: await exited, stderr, rest: stdout };
  };
  return { send, answer, end };
};

const request = (id: number, method: string, params: Record<string, unknown> = {}) =>
  `${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`;

describe("npm run mcp answers lines that are not messages with JSON-RPC errors, and keeps serving", () => {
  it(
    "a line that is not JSON, and JSON that is not a JSON-RPC message",
    async () => {
      const server = startRaw(out);
      try {
        await server.send(
          request(1, "initialize", {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "raw", version: "1" },
          }),
        );
        expect(await server.answer()).toMatchObject({ id: 1, result: { serverInfo: { name: expect.any(String) } } });
        await server.send(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);

        await server.send("this is not json\n");
        expect(await server.answer()).toEqual({
          jsonrpc: "2.0",
          id: null,
          error: { code: -32700, message: "Parse error: the line is not JSON" },
        });
        await server.send('{"jsonrpc": "2.0", "id": 7, "method": 5}\r\n[1, 2]\n\n');
        expect(await server.answer()).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32600 } });
        expect(await server.answer()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });

        await server.send(request(2, "tools/call", { name: "get_fact", arguments: { id: "bc.ptt.brackets" } }));
        const fact = await server.answer();
        expect(fact).toMatchObject({ id: 2, result: { structuredContent: { id: "bc.ptt.brackets" } } });
      } finally {
        const { code, stderr, rest } = await server.end();
        expect(rest).toBe("");
        expect(code).toBe(0);
        expect(stderr).toMatch(/^mcp: serving \d+ facts from .+ over stdio\n$/);
      }
    },
    LIMITS.test,
  );

  it(
    "a message longer than the limit, sent in pieces, and one just under it",
    async () => {
      const server = startRaw(out);
      const LIMIT = 10 * 1024 * 1024;
      try {
        // A well-formed request padded past the limit: it must be refused for its size alone.
        const oversized = request(1, "ping", { pad: "a".repeat(LIMIT) });
        for (let offset = 0; offset < oversized.length; offset += 1024 * 1024)
          await server.send(oversized.slice(offset, offset + 1024 * 1024));
        expect(await server.answer()).toEqual({
          jsonrpc: "2.0",
          id: null,
          error: {
            code: -32600,
            message: `Invalid Request: the message is longer than ${LIMIT} bytes, the most this server reads`,
          },
        });
        await server.send(request(2, "ping"));
        expect(await server.answer()).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
        await server.send(request(3, "ping", { pad: "b".repeat(LIMIT - 100) }));
        expect(await server.answer()).toEqual({ jsonrpc: "2.0", id: 3, result: {} });
      } finally {
        const { code, rest } = await server.end();
        expect(rest).toBe("");
        expect(code).toBe(0);
      }
    },
    LIMITS.test,
  );
});
