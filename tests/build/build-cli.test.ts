import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseUrlFromEnvironment } from "../../src/config.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const env = { FACTS_TODAY: "2026-11-21", FACTS_BASE_URL: "https://facts.example.org/" };

describe("npm run build", () => {
  it("writes the tree, and a failed build leaves the previous tree whole with nothing half-written beside it", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.hbrp", domain: "legal", value: { rescission_rate: 0.0025 } });
    await repo.commit("bc.hbrp v1");
    const parent = await tempDir();
    const out = path.join(parent, "_site");

    const first = await runScript("src/cli/build.ts", ["--root", repo.root, "--out", out], { env });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^built \d+ files for 1 facts and 0 diffs into .*_site\/ \(base URL https:\/\/facts\.example\.org\)\n$/);
    const before = await readFile(path.join(out, "api/v1/facts/by-id/bc.hbrp.json"), "utf8");
    expect(JSON.parse(before).canonical_url).toBe("https://facts.example.org/api/v1/facts/by-id/bc.hbrp.json");

    await repo.writeJson("facts/legal/bc.hbrp.json", { ...(await repo.readJson("facts/legal/bc.hbrp.json")), version: "two" });
    const failed = await runScript("src/cli/build.ts", ["--root", repo.root, "--out", out], { env });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      "build failed: the data does not pass npm run check:\nfacts/legal/bc.hbrp.json:9:3: expected number, found string (at /version)\n",
    );
    expect(await readFile(path.join(out, "api/v1/facts/by-id/bc.hbrp.json"), "utf8")).toBe(before);
    expect(await readdir(parent)).toEqual(["_site"]);
  });

  it("refuses a FACTS_BASE_URL that is not an http(s) URL", async () => {
    const result = await runScript("src/cli/build.ts", ["--out", path.join(await tempDir(), "x")], { env: { ...env, FACTS_BASE_URL: "ftp://example.org" } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('build failed: FACTS_BASE_URL must use http or https, got "ftp://example.org"\n');
  });
});

describe("the base URL", () => {
  it("defaults to the local server's address, following PORT, and drops a trailing slash", () => {
    expect(baseUrlFromEnvironment({})).toBe("http://localhost:8080");
    expect(baseUrlFromEnvironment({ PORT: "3000" })).toBe("http://localhost:3000");
    expect(baseUrlFromEnvironment({ PORT: "3000", FACTS_BASE_URL: "https://facts.example.org/" })).toBe("https://facts.example.org");
  });
});
