import { mkdir, readFile, rename, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findingLines, runChecks } from "../../src/check/run-checks.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { PROJECT_ROOT, runCheck } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { CASES } from "./cases.ts";

const FIXTURES = path.join(PROJECT_ROOT, "tests/fixtures/check");
const VALID = path.join(FIXTURES, "valid");
const TODAY = "2026-11-21";

const check = (root: string) => runCheck(root, TODAY);

/**
 * The lines `npm run check` prints between its two header lines and its last two (the problems, the warnings and a
 * history warning), from the checks it runs, called in this process: the broken fixtures test the checks, and the
 * command's own lines are tested above and below with the command itself.
 */
const problemLines = async (root: string): Promise<{ problems: number; lines: string[] }> => {
  const report = await runChecks(root, { today: TODAY });
  return { problems: report.problems.length, lines: findingLines(report) };
};

describe("npm run check", () => {
  it("accepts the valid fixtures and prints one summary line, after a warning naming the facts that quote no official source", async () => {
    const result = await check(VALID);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      "no base: the folder checked is not the top of its git repository, so the version rules were not applied\n" +
        "commits: no base, so no commit was checked for Source: and Impact: lines\n" +
        'warning: 1 of 2 facts quote no official source (a citation of kind "official" with a quote): bc.rent_cap.2026\n' +
        "ok: 2 fact files and 1 index-data files checked, no problems\n",
    );
  });

  it.each(Object.entries(CASES))("rejects %s with file, line, column and JSON pointer", async (name, expected) => {
    const root = await tempDir(VALID, path.join(FIXTURES, "broken", name));
    const { problems, lines } = await problemLines(root);
    expect(problems).toBeGreaterThan(0);
    expect(lines).toEqual(expected);
  });

  it("prints a broken fixture's problems between its header lines and its summary, and exits 1", async () => {
    const [name, expected] = Object.entries(CASES)[0]!;
    const root = await tempDir(VALID, path.join(FIXTURES, "broken", name));
    const result = await check(root);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("");
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("no base: not a git repository, so the version rules were not applied");
    expect(lines[1]).toBe("commits: no base, so no commit was checked for Source: and Impact: lines");
    expect(lines.slice(2, -2)).toEqual(expected);
    expect(lines.at(-2)).toMatch(
      /^(warning: \d+ of \d+ facts quote no official source|evidence: all \d+ facts quote an official source)/,
    );
    expect(lines.at(-1)).toMatch(/^\d+ problems? in \d+ file\(s\)$/);
  });

  it("reports every problem of every file in one run", async () => {
    const root = await tempDir(
      VALID,
      path.join(FIXTURES, "broken/wrong-type"),
      path.join(FIXTURES, "broken/impossible-month"),
      path.join(FIXTURES, "broken/empty-file"),
    );
    const result = await check(root);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("(at /version)");
    expect(result.stdout).toContain("(at /months/0/month)");
    expect(result.stdout).toContain("bc.ptt.empty.json:1:1: invalid JSON");
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("3 problems in 3 file(s)");
  });

  it("says what is wrong with a bad FACTS_TODAY instead of crashing", async () => {
    const result = await runCheck(VALID, "2026-13-01");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('check failed: FACTS_TODAY must be a date written YYYY-MM-DD, got "2026-13-01"\n');
  });

  it("checks the repository's own facts and index data (their frozen copy, on its day), with their history", async () => {
    const result = await runCheck(frozenData().root, frozenData().today);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toMatch(
      /^ok: \d+ fact files and \d+ index-data files checked, no problems$/,
    );
    expect(result.code).toBe(0);
  });
});

/**
 * Input that is valid JSON yet must never reach the build: each case edits the valid fixtures in a temporary copy and
 * must be refused by `npm run check` with the file, line, column and JSON Pointer.
 */
describe("npm run check refuses hostile input", () => {
  const BRACKETS = "facts/tax/bc.ptt.brackets.json";

  /** The valid fixtures with bc.ptt.brackets.json's text passed through `edit`. */
  const withBrackets = async (edit: (text: string) => string): Promise<string> => {
    const root = await tempDir(VALID);
    const file = path.join(root, BRACKETS);
    await writeFile(file, edit(await readFile(file, "utf8")));
    return root;
  };

  const refused = async (root: string): Promise<string[]> => {
    const { problems, lines } = await problemLines(root);
    expect(problems).toBeGreaterThan(0);
    return lines;
  };

  /** A value nested `levels` deep inside the fact's value object (the file's root object is level 1, value level 2). */
  const nested = (levels: number): string => `${"[".repeat(levels)}1${"]".repeat(levels)}`;

  it("refuses values nested deeper than 16 levels, and accepts 16", async () => {
    const deep = await withBrackets((text) =>
      text.replace('"unit": "CAD-bracket-array"', `"unit": "CAD-bracket-array", "x": ${nested(16)}`),
    );
    expect(await refused(deep)).toContain(
      `${BRACKETS}:11:52: nested 17 levels deep; a document may nest at most 16 (at /x/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0) [json]`,
    );
    // Depth 16 is within the limit: the only problem left is the unknown field, not the nesting.
    const atLimit = await withBrackets((text) =>
      text.replace('"unit": "CAD-bracket-array"', `"unit": "CAD-bracket-array", "x": ${nested(15)}`),
    );
    expect(await refused(atLimit)).toEqual([`${BRACKETS}:11:32: unknown field "x" (at /x) [schema]`]);
  });

  it.each([
    ["1e400", "the number 1e400 is too large: it would be read as Infinity"],
    ["-1e400", "the number -1e400 is too large: it would be read as -Infinity"],
    ["1e-400", "the number 1e-400 is too small: it would be read as 0"],
    [
      "9007199254740993",
      "the integer 9007199254740993 is beyond 2^53 − 1, where integers are no longer exact (it would be read as 9007199254740992)",
    ],
    [
      "9007199254740992",
      "the integer 9007199254740992 is beyond 2^53 − 1, where integers are no longer exact (it would be read as 9007199254740992)",
    ],
    [
      "0.01000000000000000000000001",
      "the number 0.01000000000000000000000001 has more precision than a double holds: it would be read as 0.01",
    ],
  ])("refuses the number %s, which would not survive a JSON round trip", async (literal, message) => {
    const root = await withBrackets((text) =>
      text.replace('{ "upper": 200000, "rate": 0.01 }', `{ "upper": ${literal}, "rate": 0.01 }`),
    );
    expect(await refused(root)).toEqual([`${BRACKETS}:7:16: ${message} (at /value/0/upper) [json]`]);
  });

  it("accepts numbers written in any form that reads back as written", async () => {
    const root = await withBrackets((text) =>
      text.replace('"rate": 0.01 }', '"rate": 1.0e-2 }').replace('"upper": 2000000,', '"upper": 2000000.00,'),
    );
    const result = await check(root);
    expect(result.code).toBe(0);
  });

  it("refuses a UTF-8 byte-order mark", async () => {
    const root = await withBrackets((text) => `\uFEFF${text}`);
    expect(await refused(root)).toEqual([
      `${BRACKETS}:1:1: invalid JSON: the file starts with a byte-order mark (at the document root) [json]`,
    ]);
  });

  it.each(["__proto__", "constructor", "prototype"])("refuses the key %s anywhere in a file", async (key) => {
    const root = await withBrackets((text) =>
      text.replace(
        '{ "upper": null, "rate": 0.03 }',
        `{ "upper": null, "rate": 0.03, "${key}": { "polluted": true } }`,
      ),
    );
    expect(await refused(root)).toContain(
      `${BRACKETS}:9:36: the key "${key}" is not allowed: it names a JavaScript object internal (at /value/2/${key}) [json]`,
    );
  });

  it("refuses facts/ when it is a symbolic link, and reads nothing through it", async () => {
    const root = await tempDir(VALID);
    const elsewhere = await tempDir();
    await rename(path.join(root, "facts"), path.join(elsewhere, "facts"));
    await symlink(path.join(elsewhere, "facts"), path.join(root, "facts"));
    expect(await refused(root)).toEqual([
      "facts:1:1: facts/ is a symbolic link; it must be a folder in the repository (at the document root) [file-names]",
    ]);
  });

  it("refuses a domain folder that is a symbolic link instead of silently skipping its facts", async () => {
    const root = await tempDir(VALID);
    const elsewhere = await tempDir();
    await rename(path.join(root, "facts/tax"), path.join(elsewhere, "tax"));
    await symlink(path.join(elsewhere, "tax"), path.join(root, "facts/tax"));
    expect(await refused(root)).toEqual([
      "facts/tax:1:1: is a symbolic link; facts and index data must be regular files and folders in the repository (at the document root) [file-names]",
    ]);
  });

  it("refuses a file name with a control character, printed escaped", async () => {
    const root = await tempDir(VALID);
    await mkdir(path.join(root, "facts/tax"), { recursive: true });
    await writeFile(path.join(root, "facts/tax/bc.ptt.\u001b[31mred.json"), "{}");
    expect(await refused(root)).toEqual([
      "facts/tax/bc.ptt.\\u001b[31mred.json:1:1: the name contains a control character (at the document root) [file-names]",
    ]);
  });
});
