import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../src/lib/site-paths.ts";
import { buildProjectSite } from "../helpers/build-site.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const { out } = await buildProjectSite();

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
    expectRefusal(await startOn("--site", missing), new RegExp(`^mcp failed: ${missing}: no such folder; build one with npm run build`));
  });

  it("a folder without the published files", async () => {
    const empty = await tempDir();
    expectRefusal(await startOn("--site", empty), new RegExp(`^mcp failed: ${empty} is not a built tree: it has no api/v1/facts/index\\.json`));
  });

  it("a tree whose catalog does not follow its schema, located to the file, line, column and JSON Pointer", async () => {
    const site = await tempDir(out);
    const catalogFile = path.join(site, SITE_PATHS.catalog);
    const catalog = JSON.parse(await readFile(catalogFile, "utf8")) as { facts: { version: unknown }[] };
    catalog.facts[0]!.version = "two";
    await writeFile(catalogFile, JSON.stringify(catalog, null, 2));
    expectRefusal(
      await startOn("--site", site),
      new RegExp(`^mcp failed: ${site} is not a valid built tree: ${catalogFile}:\\d+:\\d+: expected number, found string \\(at /facts/0/version\\)`),
    );
  });

  it("a search index naming a fact the catalog does not publish", async () => {
    const site = await tempDir(out);
    const indexFile = path.join(site, SITE_PATHS.searchIndex);
    const index = JSON.parse(await readFile(indexFile, "utf8")) as { id: string }[];
    index[0]!.id = "bc.not_published";
    await writeFile(indexFile, JSON.stringify(index));
    expectRefusal(await startOn("--site", site), /names bc\.not_published, which the catalog does not publish \(at \/0\/id\)/);
  });

  it("a catalog listing a fact whose single-fact response the tree lacks", async () => {
    const site = await tempDir(out);
    await rm(path.join(site, SITE_PATHS.factById("bc.ptt.brackets")));
    expectRefusal(await startOn("--site", site), /lists bc\.ptt\.brackets, but the tree has no api\/v1\/facts\/by-id\/bc\.ptt\.brackets\.json/);
  });

  it("a file given as the folder, and an option it does not know", async () => {
    const file = path.join(await tempDir(), "index.json");
    await writeFile(file, "{}");
    expectRefusal(await startOn("--site", file), /is a file, not the folder of a built tree/);
    expectRefusal(await startOn("--dir", out), /^mcp failed: Unknown option '--dir'/);
  });

  it("starts on a built tree, saying so on stderr only, and ends when its input closes", async () => {
    const result = await startOn("--site", out);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^mcp: serving \d+ facts from .+ over stdio\n$/);
  });
});
