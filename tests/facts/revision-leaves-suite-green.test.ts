import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify, stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);

/**
 * The promise of the frozen data (tests/helpers/frozen-data.ts): a fact edit that `npm run check` accepts leaves
 * `npm test` green, since a pull request that changes only facts/ or index-data/ does not run the code suite. Shown
 * the way it would happen: a copy of the repository, a real revision of one of its live facts made as CONTRIBUTING.md
 * says (new value and effective date, `npm run fix`, a commit with Source: and Impact: lines), `npm run check`
 * accepting it, and then the suites that pin the project's values run in that copy.
 */

/**
 * The suites that assert the project's own values, versions and dates: the catalog's checks and ids, the calculators
 * on the published catalog (with the governments' worked examples), and the pages. These are the ones a revision
 * used to turn red. The MCP tools, the browser pages and the API contract read the same frozen build through the same
 * helpers, and are left out here for time.
 */
const DATA_DEPENDENT_SUITES = [
  "tests/facts/catalog.test.ts",
  "tests/client/property-transfer-tax.test.ts",
  "tests/client/published-examples.test.ts",
  "tests/client/as-of-dates.test.ts",
  "tests/client/affordability.test.ts",
  "tests/client/mortgage-calculators.test.ts",
  "tests/client/insurance-and-grant.test.ts",
  "tests/render/render-pages.test.ts",
];

/** How a test would read the live data rather than the frozen copy: the project's own folders by path. */
const LIVE_DATA_READ =
  /PROJECT_ROOT, "(facts|index-data|reference|keys)|PROJECT_ROOT, (ORGANISATIONS_FILE|GLOSSARY)|(buildModel|runChecks|readFactHistory|dataToday)\(PROJECT_ROOT/;

const git = (cwd: string, ...args: string[]) => exec("git", args, { cwd, maxBuffer: 1 << 26 });
const node = (cwd: string, script: string, ...args: string[]) =>
  exec(process.execPath, [path.join(cwd, script), ...args], { cwd, maxBuffer: 1 << 26, env: { ...process.env } });

interface LiveFact {
  id: string;
  value: Record<string, unknown>;
  effective_iso: string;
  version: number;
  superseded_by: string | null;
  scheduled?: unknown[];
  citations: { url: string; kind: string }[];
}

/** Today in British Columbia, as `npm run check` reads it. */
const bcToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Vancouver" }).format(new Date());

/**
 * A live fact of the copy that a plain revision applies to: in force (not withdrawn, no change scheduled), in effect
 * before today, with a rate (a fraction) in its value. The B-20 stress test's floor when it qualifies, since the
 * calculators read it; otherwise the first such fact by id, so the test does not hang on one fact staying as it is.
 */
const pickFact = async (root: string): Promise<{ file: string; fact: LiveFact; key: string }> => {
  const today = bcToday();
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
  it("accepted by npm run check, leaves the suites that pin the project's values green", async () => {
    const copy = await tempDir();
    await git(copy, "clone", "--quiet", PROJECT_ROOT, ".");
    await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
    // A local run tests the working tree's code, as CI tests a clean clone's.
    const { stdout: uncommitted } = await git(PROJECT_ROOT, "diff", "HEAD", "--binary");
    if (uncommitted !== "") {
      await writeFile(path.join(copy, ".working-tree.patch"), uncommitted);
      await git(copy, "apply", "--whitespace=nowarn", ".working-tree.patch");
      await git(copy, "rm", "--quiet", "--cached", "--ignore-unmatch", ".working-tree.patch");
      await git(
        copy,
        "-c",
        "user.name=Test",
        "-c",
        "user.email=test@example.org",
        "commit",
        "--quiet",
        "-am",
        "The working tree",
      );
    }
    await git(copy, "config", "user.name", "A contributor");
    await git(copy, "config", "user.email", "contributor@example.org");

    // The contributor's edit: a new value and effective date; `npm run fix` raises the version and the expiry.
    const { file, fact, key } = await pickFact(copy);
    const before = fact.value[key] as number;
    const after = Math.round(before * 0.9 * 1e6) / 1e6;
    const edited = { ...fact, value: { ...fact.value, [key]: after }, effective_iso: bcToday() };
    await writeFile(path.join(copy, file), `${JSON.stringify(edited, null, 2)}\n`);
    await node(copy, "src/cli/fix.ts", "--base", "HEAD");
    const revised = JSON.parse(await readFile(path.join(copy, file), "utf8")) as LiveFact;
    expect(revised.version).toBe(fact.version + 1);
    expect(revised.value[key]).toBe(after);
    const source = revised.citations.find((citation) => citation.kind === "official")?.url ?? revised.citations[0]!.url;
    await git(
      copy,
      "commit",
      "--quiet",
      "-am",
      `Revise ${fact.id}: ${key} from ${before} to ${after}`,
      "-m",
      `Source: ${source}\nImpact: ${key} is ${after} from ${revised.effective_iso}.`,
    );
    const check = await node(copy, "src/cli/check.ts", "--base", "HEAD~1").then(
      (result) => ({ ...result, code: 0 }),
      (error: { stdout: string; stderr: string; code: number }) => error,
    );
    expect(check.code, `${check.stdout}\n${check.stderr}`).toBe(0);
    expect(check.stdout).toContain("no problems");

    // The suites that assert the project's values, run on the revised copy.
    const run = await exec(
      process.execPath,
      [path.join(copy, "node_modules/vitest/vitest.mjs"), "run", ...DATA_DEPENDENT_SUITES],
      { cwd: copy, maxBuffer: 1 << 28, env: { ...process.env, CI: "true" } },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect("code" in run ? run.code : 0, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(stripVTControlCharacters(run.stdout)).toMatch(
      new RegExp(`Test Files +${DATA_DEPENDENT_SUITES.length} passed`),
    );
  }, 300_000);
});

describe("the tests", () => {
  it("read the project's data only through the frozen copy, never from facts/, index-data/, reference/ or keys/ by path", () => {
    const files = readdirSync(path.join(PROJECT_ROOT, "tests"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .map((file) => path.join("tests", file));
    const readers = files.filter((file) => LIVE_DATA_READ.test(readFileSync(path.join(PROJECT_ROOT, file), "utf8")));
    expect(readers.filter((file) => file !== path.relative(PROJECT_ROOT, import.meta.filename))).toEqual([]);
    for (const suite of DATA_DEPENDENT_SUITES) expect(files, suite).toContain(suite);
  });
});
