import { readFileSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findingLines, runChecks } from "../../src/check/run-checks.ts";
import { factValue } from "../helpers/fact-values.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { runCheck } from "../helpers/run-script.ts";

const TODAY = "2026-11-21";
const GLOSSARY = "reference/glossary.json";
const PROJECT_GLOSSARY = JSON.parse(readFileSync(path.join(frozenData().root, GLOSSARY), "utf8")) as {
  keys: Record<string, Record<string, unknown>>;
};

/** `npm run check` on `root`: its exit code and the problem lines it prints (the first "base" line left out). */
const check = async (root: string) => {
  const result = await runCheck(root, TODAY, { env: { FACTS_BASE_URL: "https://facts.example.org" } });
  return { code: result.code, lines: result.stdout.split("\n").filter((line) => /^\S+:\d+:\d+: /.test(line)) };
};

/** The 1-based line and column of the first `"key"` written in `text`, as the check locates a key. */
const positionOf = (text: string, key: string): string => {
  const offset = text.indexOf(`"${key}"`);
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
};

/**
 * A repository with one real fact (real id, real value shape) and a glossary that is the project's with `edit` applied.
 */
const repoWith = async (id: string, domain: string, edit: (keys: Record<string, Record<string, unknown>>) => void) => {
  const repo = await createGitRepo();
  const file = await repo.writeFact({ id, domain, unit: "object", value: factValue(id) });
  const keys = structuredClone(PROJECT_GLOSSARY.keys);
  edit(keys);
  await repo.writeJson(GLOSSARY, { keys });
  await repo.commit("one fact and a glossary");
  return { repo, file };
};

describe("the glossary rule", () => {
  it(
    "refuses a value key with no glossary entry, naming the fact's file, line:col and JSON path",
    async () => {
      const { repo, file } = await repoWith("cra.hbp.withdrawal_limit", "tax", (keys) => {
        delete keys.withdrawal_limit_cad;
      });
      const { code, lines } = await check(repo.root);
      expect(code).toBe(1);
      const text = readFileSync(path.join(repo.root, file), "utf8");
      expect(lines).toContain(
        `${file}:${positionOf(text, "withdrawal_limit_cad")}: value key "withdrawal_limit_cad" has no glossary entry: add its label and kind to ${GLOSSARY} (CONTRIBUTING.md, "The glossary") (at /value/withdrawal_limit_cad) [glossary]`,
      );
    },
    LIMITS.test,
  );

  it(
    "refuses an enumeration member without words, and a glossary entry no fact uses",
    async () => {
      const { repo, file } = await repoWith("bc.tod.transit_oriented_development", "strata", (keys) => {
        keys.hub_type = { label: "Type of transit hub", kind: "text", members: { "bus-exchange": "Bus exchange" } };
      });
      const { code, lines } = await check(repo.root);
      expect(code).toBe(1);
      const memberLines = lines.filter((line) => line.startsWith(`${file}:`));
      expect(memberLines).toHaveLength(3);
      expect(memberLines).toEqual(
        memberLines.map(() =>
          expect.stringMatching(
            new RegExp(
              `^${file.replace(/\./g, "\\.")}:\\d+:\\d+: "rapid-transit-station" under "hub_type" needs words for readers: add it to "members" of "hub_type" in reference/glossary\\.json \\(at /value/[^ ]+/hub_type\\) \\[glossary\\]$`,
            ),
          ),
        ),
      );
      // The project's glossary has entries for every fact; this repository's one fact leaves most of them unused.
      const glossaryText = readFileSync(path.join(repo.root, GLOSSARY), "utf8");
      expect(lines).toContain(
        `${GLOSSARY}:${positionOf(glossaryText, "withdrawal_limit_cad")}: no fact's value uses "withdrawal_limit_cad": remove its entry (or fix the key's spelling) (at /keys/withdrawal_limit_cad) [glossary]`,
      );
    },
    LIMITS.test,
  );

  it(
    "checks a copy of the project without git (an archive) without calling entries kept for earlier versions unused",
    async () => {
      // Entries for keys that only earlier versions use are known to be used only from the history; an archive has none.
      const root = await mkdtemp(path.join(os.tmpdir(), "facts-archive-"));
      try {
        for (const folder of ["facts", "index-data", "reference"])
          await cp(path.join(frozenData().root, folder), path.join(root, folder), { recursive: true });
        // Checked on the data's own date, as the project is (its index data was retrieved after this file's TODAY).
        const result = await runCheck(root, frozenData().today);
        expect(result.stdout.split("\n").filter((line) => line.endsWith("[glossary]"))).toEqual([]);
        expect(result.code, result.stdout).toBe(0);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
    LIMITS.test,
  );

  it(
    "refuses a value that does not fit its key's kind",
    async () => {
      const { repo, file } = await repoWith("cra.hbp.withdrawal_limit", "tax", (keys) => {
        keys.withdrawal_limit_cad = { label: "Withdrawal limit", kind: "date" };
      });
      const { lines } = await check(repo.root);
      expect(
        lines.some(
          (line) =>
            line.startsWith(`${file}:`) &&
            line.includes(
              '"withdrawal_limit_cad" is date in reference/glossary.json, so its value must be an ISO date',
            ),
        ),
      ).toBe(true);
    },
    LIMITS.test,
  );

  it(
    "refuses a key that holds null in a fact's value while its entry has no null_means, naming the glossary path and the fact",
    async () => {
      // The bus exchange's inner tier has no floor area ratio in the sources read: its null needs words, not "none".
      const id = "bc.tod.transit_oriented_development";
      const withWords = await repoWith(id, "strata", (keys) => {
        keys.min_allowable_far = { ...keys.min_allowable_far, null_means: "Not stated in the sources read" };
      });
      const without = await repoWith(id, "strata", (keys) => {
        delete keys.min_allowable_far!.null_means;
      });
      // In this process: the rule reads the glossary and the facts, and only its own lines matter here.
      const glossaryLines = async (root: string) =>
        findingLines(await runChecks(root, { today: TODAY })).filter((line) => line.includes("null_means"));
      expect(await glossaryLines(withWords.repo.root)).toEqual([]);
      const pointer = `/value/metro_vancouver_density_tiers/${(factValue(id).metro_vancouver_density_tiers as { min_allowable_far: unknown }[]).findIndex((tier) => tier.min_allowable_far === null)}/min_allowable_far`;
      const glossaryText = readFileSync(path.join(without.repo.root, GLOSSARY), "utf8");
      expect(await glossaryLines(without.repo.root)).toEqual([
        `${GLOSSARY}:${positionOf(glossaryText, "min_allowable_far")}: "min_allowable_far" holds null in ${id} (at ${pointer}), and its entry says nothing of what a null means: add ${GLOSSARY} /keys/min_allowable_far/null_means, in words read in the sources ("No upper limit", "No separate rate offered", "Not stated in the sources read"), since a null is otherwise shown as "not stated" (at /keys/min_allowable_far) [glossary]`,
      ]);
    },
    LIMITS.test,
  );

  it(
    "reads the glossary as a data file: a hostile one gets a located error, not a crash",
    async () => {
      const repo = await createGitRepo();
      await repo.writeFact({
        id: "cra.hbp.withdrawal_limit",
        unit: "object",
        value: factValue("cra.hbp.withdrawal_limit"),
      });
      const { writeFile, mkdir } = await import("node:fs/promises");
      await mkdir(path.join(repo.root, "reference"), { recursive: true });
      // Nested far deeper than the data-file limit, then a label with an escape character in it.
      await writeFile(path.join(repo.root, GLOSSARY), `{"keys": ${"[".repeat(5000)}${"]".repeat(5000)}}\n`);
      const deep = await check(repo.root);
      expect(deep.code).toBe(1);
      expect(deep.lines.some((line) => line.startsWith(`${GLOSSARY}:1:`) && line.endsWith("[json]"))).toBe(true);
      await writeFile(
        path.join(repo.root, GLOSSARY),
        `{\n  "keys": {\n    "withdrawal_limit_cad": { "label": "Limit\\u001b[31m", "kind": "money" }\n  }\n}\n`,
      );
      const control = await check(repo.root);
      expect(control.code).toBe(1);
      expect(
        control.lines.some(
          (line) =>
            line.startsWith(`${GLOSSARY}:3:`) &&
            line.includes("/keys/withdrawal_limit_cad/label") &&
            line.endsWith("[text]"),
        ),
      ).toBe(true);
    },
    LIMITS.test,
  );
});
