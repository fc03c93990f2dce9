import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify, stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { readFrozenData } from "../helpers/frozen-data.ts";
import { LIMITS } from "../helpers/limits.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);

/**
 * The promise of the frozen data (tests/helpers/frozen-data.ts): a fact edit that `npm run check` accepts leaves
 * `npm test` green, since a pull request that changes only facts/ or index-data/ does not run the code suite. Shown
 * the way it would happen: a copy of the repository, a real revision of one of its live facts made as CONTRIBUTING.md
 * says on the contributor's day (new value and effective date, the citation read that day, `npm run fix`, a commit
 * with Source: and Impact: lines), `npm run check` accepting it, and then the whole suite run in that copy, every file
 * but this one (which would start itself again).
 */
const THIS_FILE = "tests/facts/revision-leaves-suite-green.test.ts";

const git = (cwd: string, ...args: string[]) => exec("git", args, { cwd, maxBuffer: 1 << 26 });
/** A command of the copy, run in the copy (the contributor's own repository) as `npm run` runs it there. */
const node = (cwd: string, env: NodeJS.ProcessEnv, script: string, ...args: string[]) =>
  exec(process.execPath, [path.join(cwd, script), ...args], { cwd, maxBuffer: 1 << 26, env });

/** The test files of the repository at `root`, as paths from it. */
const testFiles = (root: string): string[] =>
  readdirSync(path.join(root, "tests"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join("tests", file));

interface LiveFact {
  id: string;
  value: Record<string, unknown>;
  effective_iso: string;
  version: number;
  superseded_by: string | null;
  scheduled?: unknown[];
  citations: { url: string; kind: string; retrieved_iso: string }[];
}

/** Today in British Columbia, as `npm run check` reads it. */
const bcToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Vancouver" }).format(new Date());

/**
 * The contributor's day: today, as a contributor's edit is dated. On the day the copy was frozen (or a clock behind
 * it), the day after: a contributor edits after the copy was taken, and an edit dated no later than the copy's day
 * could not show a test that reads the working tree instead of the copy.
 */
const contributorDay = (frozenToday: string): string => {
  const today = bcToday();
  if (today > frozenToday) return today;
  const next = new Date(`${frozenToday}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/**
 * A live fact of the copy that a plain revision applies to: in force (not withdrawn, no change scheduled), in effect
 * before today, with a rate (a fraction) in its value. The B-20 stress test's floor when it qualifies, since the
 * calculators read it; otherwise the first such fact by id, so the test does not hang on one fact staying as it is.
 */
const pickFact = async (root: string, today: string): Promise<{ file: string; fact: LiveFact; key: string }> => {
  const files = readdirSync(path.join(root, "facts"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .map((file) => path.join("facts", file))
    .sort((a, b) => (path.basename(a) === "osfi.b20.stress_test.json" ? -1 : a < b ? -1 : 1));
  for (const file of files) {
    const fact = JSON.parse(await readFile(path.join(root, file), "utf8")) as LiveFact;
    if (fact.superseded_by !== null || (fact.scheduled ?? []).length > 0 || fact.effective_iso >= today) continue;
    if (typeof fact.value !== "object" || Array.isArray(fact.value)) continue;
    const key = Object.keys(fact.value).find((name) => {
      const member = fact.value[name];
      return /rate$/.test(name) && typeof member === "number" && member > 0 && member < 1;
    });
    if (key !== undefined) return { file, fact, key };
  }
  throw new Error("no live fact with a rate to revise");
};

describe("a revision of a live fact", () => {
  it(
    "made as CONTRIBUTING says on the contributor's day and accepted by npm run check, leaves the whole suite green",
    async () => {
      const copy = await tempDir();
      await git(copy, "clone", "--quiet", PROJECT_ROOT, ".");
      await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
      // A local run tests the working tree's code, as CI tests a clean clone's.
      const { stdout: uncommitted } = await git(PROJECT_ROOT, "diff", "HEAD", "--binary");
      if (uncommitted !== "") {
        await writeFile(path.join(copy, ".working-tree.patch"), uncommitted);
        await git(copy, "apply", "--index", "--whitespace=nowarn", ".working-tree.patch");
        await rm(path.join(copy, ".working-tree.patch"));
        await git(
          copy,
          "-c",
          "user.name=Test",
          "-c",
          "user.email=test@example.org",
          "commit",
          "--quiet",
          "-m",
          "The working tree",
        );
      }
      await git(copy, "config", "user.name", "A contributor");
      await git(copy, "config", "user.email", "contributor@example.org");

      // The contributor's edit, dated their day: a new value from that day, the version raised by 1, the official
      // citation read that day; `npm run fix` then moves the expiry.
      const day = contributorDay(readFrozenData().today);
      const { file, fact, key } = await pickFact(copy, day);
      const before = fact.value[key] as number;
      const after = Math.round(before * 0.9 * 1e6) / 1e6;
      const cited = fact.citations.findIndex((citation) => citation.kind === "official");
      const edited = {
        ...fact,
        value: { ...fact.value, [key]: after },
        effective_iso: day,
        version: fact.version + 1,
        citations: fact.citations.map((citation, index) =>
          index === Math.max(cited, 0) ? { ...citation, retrieved_iso: day } : citation,
        ),
      };
      await writeFile(path.join(copy, file), `${JSON.stringify(edited, null, 2)}\n`);
      const onTheDay = { ...process.env, FACTS_TODAY: day };
      await node(copy, onTheDay, "src/cli/fix.ts", "--base", "HEAD");
      const revised = JSON.parse(await readFile(path.join(copy, file), "utf8")) as LiveFact;
      expect(revised.version).toBe(fact.version + 1);
      expect(revised.value[key]).toBe(after);
      expect(revised.citations.map((citation) => citation.retrieved_iso)).toContain(day);
      const source = revised.citations[Math.max(cited, 0)]!.url;
      await git(
        copy,
        "commit",
        "--quiet",
        "-am",
        `Revise ${fact.id}: ${key} from ${before} to ${after}`,
        "-m",
        `Source: ${source}\nImpact: ${key} is ${after} from ${revised.effective_iso}.`,
      );
      const check = await node(copy, onTheDay, "src/cli/check.ts", "--base", "HEAD~1").then(
        (result) => ({ ...result, code: 0 }),
        (error: { stdout: string; stderr: string; code: number }) => error,
      );
      expect(check.code, `${check.stdout}\n${check.stderr}`).toBe(0);
      expect(check.stdout).toContain("no problems");

      // The whole suite, run in the revised copy as `npm test` runs it there, on the real clock (no FACTS_TODAY).
      const suite = testFiles(copy).filter((test) => test !== THIS_FILE);
      const { FACTS_TODAY: _unset, ...environment } = process.env;
      const run = await exec(
        process.execPath,
        [path.join(copy, "node_modules/vitest/vitest.mjs"), "run", "--exclude", THIS_FILE],
        { cwd: copy, maxBuffer: 1 << 28, env: { ...environment, CI: "true" } },
      ).catch((error: { stdout: string; stderr: string; code: number }) => error);
      expect("code" in run ? run.code : 0, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(stripVTControlCharacters(run.stdout)).toMatch(new RegExp(`Test Files +${suite.length} passed`));
    },
    LIMITS.nestedSuite,
  );
});
