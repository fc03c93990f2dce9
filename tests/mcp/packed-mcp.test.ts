import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { createMcpServer } from "../../src/mcp/mcp-server.ts";
import { loadSiteTree } from "../../src/mcp/site-tree.ts";
import { createStaticServer } from "../../src/server/static-server.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { LIMITS } from "../helpers/limits.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startServer } from "../server/start-server.ts";

const run = promisify(execFile);

const COMMAND = "bc-real-estate-facts-mcp";
const PACKAGE = "@bc-real-estate-facts/mcp";
const { version } = JSON.parse(await readFile(path.join(PROJECT_ROOT, "packages/mcp/package.json"), "utf8")) as {
  version: string;
};

/** Node 20, the oldest the package supports: the machine's own Node, apart from the project's Node 24. */
const NODE_20 = ["/usr/bin/node", "/usr/local/bin/node"].find((candidate) => existsSync(candidate));

/**
 * The environment of every npm and npx run here: offline, so that anything the package would fetch fails the test
 * rather than reaching a registry, with FACTS_BASE_URL as the caller says (unset unless given).
 */
const npmEnvironment = (cache: string, baseUrl?: string): NodeJS.ProcessEnv => {
  const { FACTS_BASE_URL: _unset, ...environment } = process.env;
  return {
    ...environment,
    npm_config_offline: "true",
    npm_config_cache: cache,
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    ...(baseUrl === undefined ? {} : { FACTS_BASE_URL: baseUrl }),
  };
};

/**
 * `npm pack` of packages/mcp (its prepack bundles it), with FACTS_BASE_URL set to `baseUrl` or unset, installed from
 * the tarball alone into a fresh folder with an empty npm cache: a package that needed anything from a registry would
 * fail to install here, in `work`. Resolves with the folder and what the tarball holds.
 */
const packAndInstall = async (work: string, baseUrl?: string): Promise<{ consumer: string; files: string[] }> => {
  const env = npmEnvironment(path.join(work, "npm-cache"), baseUrl);
  const { stdout } = await run("npm", ["pack", "--workspace", "packages/mcp", "--pack-destination", work, "--json"], {
    cwd: PROJECT_ROOT,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const consumer = path.join(work, "consumer");
  await mkdir(consumer);
  await writeFile(path.join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  await run("npm", ["install", path.join(work, path.basename(packed!.filename))], { cwd: consumer, env });
  return { consumer, files: packed!.files.map((file) => file.path).sort() };
};

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the installed command in `consumer` with stdin closed: a site it accepts is served until then. */
const runInstalled = (consumer: string, args: string[], command = ["npx", COMMAND]): Promise<Ran> =>
  new Promise((resolve, reject) => {
    const child = spawn(command[0]!, [...command.slice(1), ...args], {
      cwd: consumer,
      env: npmEnvironment(path.join(consumer, "..", "npm-cache")),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });

/** The installed command started as an MCP host starts a server, spoken to by the SDK's own client over stdio. */
const connectInstalled = async (consumer: string, command: string, args: string[]) => {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: consumer,
    env: npmEnvironment(path.join(consumer, "..", "npm-cache")) as Record<string, string>,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "facts-tests", version: "1.0.0" });
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
  closers.push(() => client.close());
  return { client, stderr: () => stderr, protocolErrors };
};

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Calls that answer alike on any day (each states its date), to compare the packed server's answers with the repository's. */
const CALLS: [string, Record<string, unknown>][] = [
  ["get_fact", { id: "bc.ptt.brackets" }],
  ["search_facts", { query: "rent increase" }],
  ["property_transfer_tax", { price: 650_000, asOf: "2026-06-01" }],
  ["place_rules", { place: "surrey", asOf: "2026-06-01" }],
];

const callAll = (client: Client) =>
  Promise.all(CALLS.map(async ([name, args]) => (await client.callTool({ name, arguments: args })) as CallToolResult));

/** One line on stderr, nothing on stdout, exit code 2: how the command refuses what it cannot serve. */
const expectRefusal = (result: Ran, message: RegExp): void => {
  expect(result.stdout).toBe("");
  expect(result.stderr.trim().split("\n")).toHaveLength(1);
  expect(result.stderr).toMatch(message);
  expect(result.code).toBe(2);
};

const { out } = frozenSite();
let consumer: string;
let files: string[];
/** The frozen tree served over HTTP on loopback, as a deployment serves it, for the whole file. */
let origin: string;
/** What the repository's own server (src/mcp) lists and answers on the same tree. */
let repositoryTools: Tool[];
let repositoryAnswers: CallToolResult[];

// The folder lives for the whole file: tempDir's folders are removed after each test.
const work = await mkdtemp(path.join(os.tmpdir(), "facts-mcp-pack-"));
afterAll(() => rm(work, { recursive: true, force: true }));

beforeAll(async () => {
  ({ consumer, files } = await packAndInstall(work));
  const site = await createStaticServer({ root: out });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        site.close(() => resolve());
        site.closeAllConnections();
      }),
  );
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(await loadSiteTree(out)).connect(serverSide);
  const client = new Client({ name: "facts-tests", version: "1.0.0" });
  await client.connect(clientSide);
  repositoryTools = (await client.listTools()).tools;
  repositoryAnswers = await callAll(client);
  await client.close();
}, LIMITS.longTest);

describe("npm pack of the MCP server", () => {
  it("holds one bundled file, its licences and its README; it depends on nothing", async () => {
    expect(files).toEqual(["LICENSE", "README.md", "dist/THIRD-PARTY-LICENSES.txt", "dist/bin.js", "package.json"]);
    const root = path.join(consumer, "node_modules", PACKAGE);
    const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: PACKAGE, version, license: "MIT", bin: { [COMMAND]: "dist/bin.js" } });
    expect(manifest.dependencies).toBeUndefined();
    expect(await readFile(path.join(root, "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
    const notices = await readFile(path.join(root, "dist/THIRD-PARTY-LICENSES.txt"), "utf8");
    for (const bundled of ["@modelcontextprotocol/sdk", "zod", "undici"])
      expect(notices).toMatch(new RegExp(`^${bundled}@\\d+\\.\\d+\\.\\d+ \\(MIT\\)$`, "m"));
  });

  it("prints its usage and its version", async () => {
    const help = await runInstalled(consumer, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^usage: ${COMMAND} \\[--site URL\\|DIR\\]`));
    expect(help.stdout).toContain("required: this package was packed without the public site's address");
    expect(await runInstalled(consumer, ["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("npx bc-real-estate-facts-mcp, installed from the tarball", () => {
  it(
    "serves a built tree on disk with the tools and answers of npm run mcp",
    async () => {
      const server = await connectInstalled(consumer, "npx", [COMMAND, "--site", out]);
      expect((await server.client.listTools()).tools).toEqual(repositoryTools);
      expect(await callAll(server.client)).toEqual(repositoryAnswers);
      expect(server.stderr()).toMatch(
        new RegExp(`^${COMMAND}: serving \\d+ facts from ${out} \\(as of .+\\) over stdio\\n$`),
      );
      expect(server.protocolErrors).toEqual([]);
    },
    LIMITS.longTest,
  );

  it(
    "serves a site over HTTP, started as npx @bc-real-estate-facts/mcp, and with Node 20",
    async () => {
      const viaPackage = await connectInstalled(consumer, "npx", [PACKAGE, "--site", origin]);
      expect((await viaPackage.client.listTools()).tools).toEqual(repositoryTools);
      expect(await callAll(viaPackage.client)).toEqual(repositoryAnswers);
      expect(viaPackage.stderr()).toContain(`serving`);
      expect(viaPackage.stderr()).toContain(`from ${origin} (as of`);
      if (NODE_20 === undefined) return;
      const bin = path.join(consumer, "node_modules", PACKAGE, "dist/bin.js");
      const onNode20 = await connectInstalled(consumer, NODE_20, [bin, "--site", `${origin}/`]);
      expect((await onNode20.client.listTools()).tools).toEqual(repositoryTools);
      expect(await callAll(onNode20.client)).toEqual(repositoryAnswers);
    },
    LIMITS.longTest,
  );

  it("refuses, in one line naming --site, a site it cannot serve", async () => {
    expectRefusal(
      await runInstalled(consumer, []),
      new RegExp(`^${COMMAND}: --site is required: this package was packed without the public site's address`),
    );
    const missing = path.join(await tempDir(), "no-such-site");
    expectRefusal(
      await runInstalled(consumer, ["--site", missing]),
      new RegExp(`^${COMMAND} failed: --site ${missing}: no such folder`),
    );
    const empty = await tempDir();
    expectRefusal(
      await runInstalled(consumer, ["--site", empty]),
      new RegExp(`^${COMMAND} failed: --site ${empty} is not a built tree: it has no api/v1/facts/index\\.json`),
    );
    expectRefusal(
      await runInstalled(consumer, ["--site", "ftp://facts.example.org"]),
      /^bc-real-estate-facts-mcp failed: --site must use http or https, got "ftp:\/\/facts\.example\.org"$/m,
    );
    expectRefusal(
      await runInstalled(consumer, ["--sites", out]),
      /^bc-real-estate-facts-mcp: Unknown option '--sites'/,
    );
  });

  it("refuses a site that cannot be reached, and one that answers something else than a built tree", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = `http://127.0.0.1:${closedPort}`;
    expectRefusal(
      await runInstalled(consumer, ["--site", unreachable]),
      new RegExp(
        `^${COMMAND} failed: --site ${unreachable} cannot be reached: ${unreachable}${SITE_PATHS.catalog}: request failed: .*ECONNREFUSED`,
      ),
    );

    // A web server that answers every path with a page, as a site that is not this project's does.
    const page = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Welcome</title>\n");
    });
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => page.close(() => resolve())));
    const garbage = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    expectRefusal(
      await runInstalled(consumer, ["--site", garbage]),
      new RegExp(
        `^${COMMAND} failed: --site ${garbage} is not a valid built tree: ${garbage}${SITE_PATHS.manifest}:1:1: `,
      ),
    );

    // A site whose files are missing answers 404: it is not a built tree.
    const { origin: empty } = await startServer(await tempDir());
    expectRefusal(
      await runInstalled(consumer, ["--site", empty]),
      new RegExp(`^${COMMAND} failed: --site ${empty} is not a built tree: it has no api/v1/facts/index\\.json`),
    );
  });
});

describe("a package packed with FACTS_BASE_URL set, as the release workflow packs it", () => {
  it(
    "serves that site when no --site is given, and names it in its usage",
    async () => {
      const stamped = await packAndInstall(await tempDir(), origin);
      const help = await runInstalled(stamped.consumer, ["--help"]);
      expect(help.stdout).toContain(`default: ${origin}, the public site`);
      const server = await connectInstalled(stamped.consumer, "npx", [PACKAGE]);
      expect((await server.client.listTools()).tools).toEqual(repositoryTools);
      expect(server.stderr()).toContain(`from ${origin} (as of`);
      // The stamp is checked as every FACTS_BASE_URL is: plain http is for a loopback host only.
      await expect(packAndInstall(await tempDir(), "http://facts.example.org")).rejects.toMatchObject({
        stderr: expect.stringContaining("FACTS_BASE_URL must use https"),
      });
    },
    LIMITS.longTest,
  );
});
