import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { request } from "undici";
import { beforeAll, describe, expect, it } from "vitest";
import { listFiles } from "../../src/model/data-files.ts";
import { createStaticServer } from "../../src/server/static-server.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { runScript } from "../helpers/run-script.ts";

/** `_headers` in the form Netlify and Cloudflare Pages read: a path pattern, then indented `Name: value` lines. */
const parseHeadersFile = (text: string): { pattern: RegExp; headers: [string, string][] }[] => {
  const rules: { pattern: RegExp; headers: [string, string][] }[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      const pattern = new RegExp(
        `^${line
          .trim()
          .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
          .replaceAll("*", ".*")}$`,
      );
      rules.push({ pattern, headers: [] });
      continue;
    }
    const colon = line.indexOf(":");
    rules.at(-1)?.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
};

/** The tree `npm run build` writes, served by the local server: what `npm start` shows. */
describe("the local server on the built tree", () => {
  let origin = "";
  let root = "";

  beforeAll(async () => {
    // Built once for the whole file (tempDir would remove it after the first test).
    const directory = await mkdtemp(path.join(os.tmpdir(), "facts-built-site-"));
    root = path.join(directory, "_site");
    const build = await runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", root], {
      env: { FACTS_TODAY: frozenData().today },
    });
    expect(build.stderr).toBe("");
    expect(build.code).toBe(0);
    const server = await createStaticServer({ root });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    return async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await rm(directory, { recursive: true, force: true });
    };
  });

  it("serves every built file with the headers the build's _headers gives other hosts", async () => {
    const rules = parseHeadersFile(await readFile(path.join(root, "_headers"), "utf8"));
    const files = await listFiles(root, ".");
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const sitePath = `/${file}`;
      const response = await request(`${origin}${sitePath}`);
      const body = Buffer.from(await response.body.arrayBuffer());
      expect(response.statusCode, sitePath).toBe(200);
      expect(body.equals(await readFile(path.join(root, file))), sitePath).toBe(true);
      for (const rule of rules.filter(({ pattern }) => pattern.test(sitePath))) {
        for (const [name, value] of rule.headers) {
          expect(String(response.headers[name]), `${name} of ${sitePath}`).toBe(value);
        }
      }
    }
  });

  it("answers an unknown fact id with 404 naming exactly the ids that have a file", async () => {
    const files = await listFiles(root, "api/v1/facts/by-id");
    const ids = files.filter((file) => file.endsWith(".json")).map((file) => path.posix.basename(file, ".json"));
    // Each fact has its JSON and its Atom feed; the ids a 404 names are those with JSON.
    expect(
      files
        .filter((file) => file.endsWith(".atom"))
        .map((file) => path.posix.basename(file, ".atom"))
        .sort(),
    ).toEqual([...ids].sort());
    const response = await request(`${origin}/api/v1/facts/by-id/bc.ptt.bracket.json`);
    expect(response.statusCode).toBe(404);
    const body = (await response.body.json()) as { error: string; known_ids: string[] };
    expect(body.error).toBe("not_found");
    expect(body.known_ids).toEqual([...ids].sort());
  });
});
