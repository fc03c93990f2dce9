import { execFile } from "node:child_process";
import { chmod, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readFactHistory } from "../../src/derive/fact-history.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);

describe("history engine on real git repositories", () => {
  it("yields versions 1..N with the introducing commit, keeping re-verifications inside their version", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({
      id: "bc.rent_cap.2026",
      domain: "rental",
      value: { max_increase: 0.035 },
      effective_iso: "2024-01-01",
      cadence: "volatile",
    });
    const v1 = await repo.commit("bc.rent_cap.2026 v1: 3.5% for 2024 (effective 2024-01-01)");
    await repo.writeFact({
      id: "bc.rent_cap.2026",
      domain: "rental",
      value: { max_increase: 0.035 },
      effective_iso: "2024-01-01",
      cadence: "volatile",
      retrieved_iso: "2026-11-10",
    });
    const reverified = await repo.commit("Re-verify bc.rent_cap.2026");
    await repo.writeFact({
      id: "bc.rent_cap.2026",
      domain: "rental",
      version: 2,
      value: { max_increase: 0.03 },
      effective_iso: "2025-01-01",
      cadence: "volatile",
      retrieved_iso: "2026-11-10",
    });
    const v2 = await repo.commit(
      "bc.rent_cap.2026 v2: 3.0% for 2025 (effective 2025-01-01)\n\nImpact: smaller increases.",
    );

    const history = await readFactHistory(repo.root);
    const timeline = history.facts.get("bc.rent_cap.2026")!;
    expect(timeline.path).toBe("facts/rental/bc.rent_cap.2026.json");
    expect(timeline.versions.map((version) => version.version)).toEqual([1, 2]);
    expect(timeline.versions[0]!.introduced.sha).toBe(v1);
    expect(timeline.versions[0]!.lastCommit.sha).toBe(reverified);
    expect(timeline.versions[0]!.state.citations[0]!.retrieved_iso).toBe("2026-11-10");
    expect(timeline.versions[1]!.introduced).toMatchObject({
      sha: v2,
      message: "bc.rent_cap.2026 v2: 3.0% for 2025 (effective 2025-01-01)\n\nImpact: smaller increases.",
    });
    expect(timeline.versions[1]!.introduced.committed_at).toMatch(/^2026-01-01T00:\d\d:00Z$/);
    expect(timeline.deleted).toBeUndefined();
    expect(history.commitCount).toBe(3);
  });

  it("follows a fact by id when its file moves to another folder", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.pds", domain: "strata" });
    await repo.commit("bc.pds v1");
    await repo.remove("facts/strata/bc.pds.json");
    await repo.writeFact({ id: "bc.pds", domain: "legal", version: 2, value: 2 });
    await repo.commit("bc.pds v2: moved to legal with a new value");

    const timeline = (await readFactHistory(repo.root)).facts.get("bc.pds")!;
    expect(timeline.versions.map((version) => [version.version, version.path])).toEqual([
      [1, "facts/strata/bc.pds.json"],
      [2, "facts/legal/bc.pds.json"],
    ]);
    expect(timeline.path).toBe("facts/legal/bc.pds.json");
    expect(timeline.deleted).toBeUndefined();
  });

  it("marks a deleted fact and keeps its versions", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.old.rule" });
    await repo.writeFact({ id: "bc.kept.rule" });
    await repo.commit("add two facts");
    await repo.remove("facts/tax/bc.old.rule.json");
    const deletion = await repo.commit("retire bc.old.rule");

    const history = await readFactHistory(repo.root);
    expect(history.facts.get("bc.old.rule")!.deleted?.sha).toBe(deletion);
    expect(history.facts.get("bc.old.rule")!.versions).toHaveLength(1);
    expect(history.facts.get("bc.kept.rule")!.deleted).toBeUndefined();
  });

  it("follows merges along the first parent, so a merged branch is one change", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "cmhc.insurance_cap", domain: "mortgage", value: { cap: 1000000 } });
    await repo.commit("cmhc.insurance_cap v1");
    await repo.git("switch", "-q", "-c", "revision");
    await repo.writeFact({ id: "cmhc.insurance_cap", domain: "mortgage", value: { cap: 1200000 }, version: 2 });
    await repo.commit("work in progress: wrong cap");
    await repo.writeFact({
      id: "cmhc.insurance_cap",
      domain: "mortgage",
      value: { cap: 1500000 },
      version: 2,
      effective_iso: "2024-12-15",
    });
    await repo.commit("fix the cap");
    await repo.git("switch", "-q", "main");
    await repo.writeFact({ id: "bc.other", value: 5 });
    await repo.commit("unrelated fact on main");
    await repo.git(
      "merge",
      "-q",
      "--no-ff",
      "revision",
      "-m",
      "cmhc.insurance_cap v2: $1.5M cap (effective 2024-12-15)",
    );

    const history = await readFactHistory(repo.root);
    const versions = history.facts.get("cmhc.insurance_cap")!.versions;
    expect(versions.map((version) => version.state.value)).toEqual([{ cap: 1000000 }, { cap: 1500000 }]);
    expect(versions[1]!.introduced.message).toBe("cmhc.insurance_cap v2: $1.5M cap (effective 2024-12-15)");
    expect(history.commitCount).toBe(3);
  });

  it("reads only facts/: commits elsewhere do not count, and neighbours whose names start with 'facts' are not facts", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.inside" });
    const first = await repo.commit("bc.inside v1");
    await repo.writeJson("README.json", { about: "not a fact" });
    await repo.commit("docs only");
    await repo.writeFact({ id: "bc.sibling.folder" }, "facts-archive/tax/bc.sibling.folder.json");
    await repo.writeFact({ id: "bc.sibling.file" }, "factsheet.json");
    await repo.commit("files beside facts/");
    await repo.writeFact({ id: "bc.inside", version: 2, value: 2 });
    const second = await repo.commit("bc.inside v2");

    const history = await readFactHistory(repo.root);
    expect([...history.facts.keys()]).toEqual(["bc.inside"]);
    expect(
      history.facts
        .get("bc.inside")!
        .versions.map((version) => [version.version, version.introduced.sha, version.path]),
    ).toEqual([
      [1, first, "facts/tax/bc.inside.json"],
      [2, second, "facts/tax/bc.inside.json"],
    ]);
    expect(history.commitCount).toBe(2);
  });

  it("leaves out states that are not facts and says why", async () => {
    const repo = await createGitRepo();
    await repo.writeJson("facts/tax/broken.json", { no: "id" });
    await repo.writeFact({ id: "bc.fine" });
    await repo.commit("one good, one broken");
    const history = await readFactHistory(repo.root);
    expect([...history.facts.keys()]).toEqual(["bc.fine"]);
    expect(history.skipped).toEqual([
      { path: "facts/tax/broken.json", commit: expect.stringMatching(/^[0-9a-f]{40}$/), reason: "no string id" },
    ]);
  });

  it("refuses a shallow clone with a message that says how to fix it", async () => {
    const repo = await createGitRepo();
    for (let version = 1; version <= 3; version++) {
      await repo.writeFact({ id: "bc.ptt.brackets", version, value: version });
      await repo.commit(`v${version}`);
    }
    const clone = path.join(await tempDir(), "shallow");
    await exec("git", ["clone", "-q", "--depth", "1", `file://${repo.root}`, clone]);
    await expect(readFactHistory(clone)).rejects.toThrow(/shallow clone.*fetch-depth: 0/s);
  });

  it("starts the same three git processes however many facts and versions there are", async () => {
    const countGitCalls = async (facts: number, versions: number): Promise<number> => {
      const repo = await createGitRepo();
      for (let version = 1; version <= versions; version++) {
        for (let index = 0; index < facts; index++)
          await repo.writeFact({ id: `bc.fact.n${index}`, version, value: version });
        await repo.commit(`revision ${version}`);
      }
      const bin = await tempDir();
      const log = path.join(bin, "calls.log");
      const realGit = (await exec("sh", ["-c", "command -v git"])).stdout.trim();
      await writeFile(path.join(bin, "git"), `#!/bin/sh\necho "$1" >> "${log}"\nexec "${realGit}" "$@"\n`);
      await chmod(path.join(bin, "git"), 0o755);
      const originalPath = process.env.PATH;
      process.env.PATH = `${bin}:${originalPath}`;
      try {
        const history = await readFactHistory(repo.root);
        expect(history.facts.size).toBe(facts);
      } finally {
        process.env.PATH = originalPath;
      }
      return (await readFile(log, "utf8")).trim().split("\n").length;
    };
    expect(await countGitCalls(2, 2)).toBe(3);
    expect(await countGitCalls(20, 4)).toBe(3);
  });
});
