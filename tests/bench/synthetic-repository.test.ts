import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runBuild } from "../../bench/build-scale.bench.ts";
import { writeBuildScaleRepository } from "../../bench/synthetic-repository.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { LIMITS } from "../helpers/limits.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * The build-scale benchmark's synthetic repositories (bench/synthetic-repository.ts): the real build accepts one, and
 * one the build cannot take fails with an error naming the fact, within the benchmark's time limit, never a hang.
 * The templates are the frozen copy of the data, and the builds run on its day.
 */
const FACTS = 5;
const VERSIONS = 3;

const synthetic = async (corrupt?: (id: string, version: number, text: string) => string) => {
  const { root: templateRoot, today } = frozenData();
  const work = await tempDir();
  const root = path.join(work, "repository");
  await mkdir(root);
  const repository = await writeBuildScaleRepository(root, {
    facts: FACTS,
    versions: VERSIONS,
    templateRoot,
    until: Date.parse(`${today}T12:00:00Z`) / 1000,
    ...(corrupt ? { corrupt } : {}),
  });
  const run = await runBuild(root, path.join(work, "_site"), {
    timeoutSeconds: LIMITS.test / 1000 / 2,
    environment: { FACTS_TODAY: today, FACTS_BASE_URL: "https://facts.example.org" },
  });
  return { work, repository, run };
};

describe("the build-scale benchmark's synthetic repository", () => {
  it("holds every version of every fact as its own commit, and the real build publishes them", async () => {
    const { work, repository, run } = await synthetic();
    expect(run.stderr).toBe("");
    expect(run.ok).toBe(true);
    expect(repository.commits).toBe(1 + FACTS * VERSIONS);
    expect(run.result).toMatchObject({ facts: FACTS });
    expect(run.result!.files).toBeGreaterThan(FACTS);
    // Six domains' worth of templates: the five facts are copies of five different facts.
    expect(new Set(repository.ids.map((id) => id.replace(/\.bench_\d+$/, ""))).size).toBe(FACTS);
    for (const id of repository.ids) {
      const published = JSON.parse(
        await readFile(path.join(work, "_site/api/v1/facts/by-id", `${id}.json`), "utf8"),
      ) as { fact: { version: number; history: { version?: number; note?: string }[] } };
      expect(published.fact.version).toBe(VERSIONS);
      const versions = published.fact.history.flatMap((entry) => (entry.version === undefined ? [] : [entry.version]));
      // `history` lists the versions before the current one.
      expect(versions.sort()).toEqual([1, 2]);
    }
  });

  it("makes a version the build cannot take an error naming the fact, not a hang", async () => {
    let target = "";
    const { run } = await synthetic((id, version, text) => {
      if (target === "") target = id;
      return id === target && version === 2 ? text.replace(/"value": /, '"value": "not a value", "was": ') : text;
    });
    expect(run.ok).toBe(false);
    expect(run.timedOut).toBe(false);
    expect(run.stderr).toContain(target);
  });
});
