import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { PROJECT_ROOT, runCheck, runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const VALID = path.join(PROJECT_ROOT, "tests/fixtures/check/valid");
const BRACKETS = "facts/tax/bc.ptt.brackets.json";
const TODAY = "2026-11-21";

const fix = (root: string, ...args: string[]) =>
  runScript("src/cli/fix.ts", ["--root", root, ...args], { env: { FACTS_TODAY: TODAY } });
const check = (root: string) => runCheck(root, TODAY);

/**
 * The fixture's brackets fact with its keys reversed and its expires_iso one year off, as a contributor might write it.
 */
const breakBrackets = async (root: string): Promise<string> => {
  const file = path.join(root, BRACKETS);
  const original = await readFile(file, "utf8");
  const fact = JSON.parse(original) as Record<string, unknown>;
  const broken = Object.fromEntries(Object.entries({ ...fact, expires_iso: "2030-01-01" }).reverse());
  await writeFile(file, JSON.stringify(broken));
  return original;
};

describe("npm run fix", () => {
  it("puts the keys back in order and expires_iso back on the cadence, so the check passes, and a second run changes nothing", async () => {
    const root = await tempDir(VALID);
    const original = await breakBrackets(root);
    expect((await check(root)).code).toBe(1);

    const result = await fix(root);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `${BRACKETS}: keys put in the schema's order [key-order]; expires_iso 2030-01-01 → ${JSON.parse(original).expires_iso} (latest retrieved_iso plus the cadence) [cadence]`,
    );
    // The fixture's other fact is written with inline arrays: the fixer writes it in the one layout fact files use.
    expect(result.stdout).toContain("facts/rental/bc.rent_cap.2026.json: formatted as two-space JSON");
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("fixed 2 fact file(s)");
    // The same fact, key for key and in the same order, in the two-space layout.
    expect(await readFile(path.join(root, BRACKETS), "utf8")).toBe(
      `${JSON.stringify(JSON.parse(original), null, 2)}\n`,
    );
    expect((await check(root)).code).toBe(0);

    const again = await fix(root);
    expect(again.stdout.trim().split("\n")).toEqual([
      "no base: not a git repository, so the version rules were not applied",
      "fixed 0 fact file(s)",
    ]);
  });

  it("with --dry-run says what it would change and changes nothing", async () => {
    const root = await tempDir(VALID);
    await breakBrackets(root);
    const before = await readFile(path.join(root, BRACKETS), "utf8");
    const result = await fix(root, "--dry-run");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("would fix 2 fact file(s)");
    expect(await readFile(path.join(root, BRACKETS), "utf8")).toBe(before);
  });

  it("leaves a file that does not parse alone, names the problem and exits 1", async () => {
    const root = await tempDir(VALID);
    await writeFile(path.join(root, BRACKETS), "{ not json");
    const result = await fix(root);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^facts\/tax\/bc\.ptt\.brackets\.json:1:3: invalid JSON: .* \[json\]$/m);
    expect(await readFile(path.join(root, BRACKETS), "utf8")).toBe("{ not json");
  });

  it("raises the version once when the value changed against the base, fills a missing expires_iso, and a second run changes nothing", async () => {
    const repo = await createGitRepo();
    // The value has the Form B fee's real shape (its value schema refuses anything else): the fee is its max_fee.
    const fee = (maxFee: number) => factValue("bc.strata.form_b_fee", { max_fee: maxFee });
    const seed = {
      id: "bc.strata.form_b_fee",
      domain: "strata",
      unit: "object",
      value: fee(35),
      retrieved_iso: "2026-11-01",
    };
    const file = await repo.writeFact(seed);
    const main = await repo.commit("bc.strata.form_b_fee v1");
    await repo.git("checkout", "-q", "-b", "fee-40");
    // The contributor changes the value, forgets the version, and leaves expires_iso out.
    const { expires_iso: expires, ...edited }: Record<string, unknown> = {
      ...(await repo.readJson(file)),
      value: fee(40),
      effective_iso: "2026-01-01",
    };
    await repo.writeJson(file, edited);
    expect((await check(repo.root)).code).toBe(1);

    const result = await fix(repo.root);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split("\n")).toEqual([
      `base: ${main.slice(0, 12)}, the merge-base of HEAD and main (HEAD itself, so uncommitted edits are compared)`,
      `${file}: expires_iso added: ${expires} (latest retrieved_iso plus the cadence) [cadence]; version 1 → 2 (value, effective_iso changed against the base) [version-rules]`,
      "fixed 1 fact file(s)",
    ]);
    const fixed = await repo.readJson(file);
    expect(fixed).toMatchObject({ value: fee(40), version: 2, expires_iso: expires });
    expect(Object.keys(fixed)).toEqual(Object.keys(await repo.readJson(file)));
    expect(Object.keys(fixed).indexOf("expires_iso")).toBe(Object.keys(fixed).indexOf("effective_iso") + 1);
    const checked = await check(repo.root);
    expect(checked.stdout.trimEnd().split("\n").at(-1)).toBe(
      "ok: 1 fact files and 0 index-data files checked, no problems",
    );

    // Committed or not, a version already raised by one is left alone.
    await repo.commit("bc.strata.form_b_fee v2: fee of 40");
    for (const again of [await fix(repo.root), await fix(repo.root)]) {
      expect(again.stdout.trimEnd().split("\n").at(-1)).toBe("fixed 0 fact file(s)");
    }
    expect((await repo.readJson(file)).version).toBe(2);
  });
});
