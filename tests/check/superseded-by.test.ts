import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCheck } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { PTT, RENT_CAP as RENT_2026, readJson, VALID, writeJson } from "./valid-fixtures.ts";

const RENT_2025 = "facts/rental/bc.rent_cap.2025.json";

/** `line:column` of the `key` inside `superseded_by` of `file`. */
const at = async (root: string, file: string, key: "id" | "effective_iso"): Promise<string> => {
  const lines = (await readFile(path.join(root, file), "utf8")).split("\n");
  const from = lines.findIndex((line) => line.startsWith('  "superseded_by": '));
  const index = lines.findIndex((line, number) => number > from && line.startsWith(`    "${key}": `));
  expect(index, `superseded_by.${key} in ${file}`).toBeGreaterThan(from);
  return `${index + 1}:5`;
};

const check = async (root: string) => {
  const result = await runCheck(root, "2026-11-26");
  expect(result.stderr).toBe("");
  return {
    code: result.code,
    problems: result.stdout
      .replace(/^(no )?base: .*\n(commits: .*\n)?/, "")
      .trimEnd()
      .split("\n")
      .slice(0, -2),
  };
};

/**
 * The valid fixtures with the rent cap as a series of two members: 2025 (handing over to 2026 on 2026-01-01, as the
 * series rule asks) and 2026, whose superseded_by is given.
 */
const rentCapSeries = async (newest: unknown): Promise<string> => {
  const root = await tempDir(VALID);
  const { id: _id, label, description, domain, value, ...rest } = await readJson(root, RENT_2026);
  const member = (id: string, year: number, effective: string, supersededBy: unknown) => ({
    id,
    label,
    description,
    domain,
    series: "bc.rent_cap",
    value: {
      ...(value as Record<string, unknown>),
      rent_year: year,
      applies_to_increases_effective_from_iso: effective,
      announced_iso: `${year - 1}-08-26`,
    },
    ...rest,
    effective_iso: effective,
    superseded_by: supersededBy,
  });
  await writeJson(
    root,
    RENT_2025,
    member("bc.rent_cap.2025", 2025, "2025-01-01", { id: "bc.rent_cap.2026", effective_iso: "2026-01-01" }),
  );
  await writeJson(root, RENT_2026, member("bc.rent_cap.2026", 2026, "2026-01-01", newest));
  return root;
};

describe("npm run check: superseded_by", () => {
  it("accepts a series whose older member hands over to the newer one", async () => {
    expect(await check(await rentCapSeries(null))).toEqual({ code: 0, problems: [] });
  });

  it("refuses a newest member superseded by an older one, which would leave the series with no member in force", async () => {
    const root = await rentCapSeries({ id: "bc.rent_cap.2025", effective_iso: "2026-06-01" });
    expect(await check(root)).toEqual({
      code: 1,
      problems: [
        `${RENT_2025}:${await at(root, RENT_2025, "id")}: superseded_by forms a cycle (bc.rent_cap.2025 → bc.rent_cap.2026 → bc.rent_cap.2025): a chain of replacements must end at a fact in force, or at null (at /superseded_by/id) [superseded-by]`,
        `${RENT_2026}:${await at(root, RENT_2026, "id")}: superseded_by names bc.rent_cap.2025 (in ${RENT_2025}, effective 2025-01-01), which is not newer than this member of series "bc.rent_cap" (effective 2026-01-01): a member is superseded by a later one, or the series would have no member in force (at /superseded_by/id) [superseded-by]`,
      ],
    });
  });

  it("refuses a cycle of facts outside any series, on each fact of the cycle", async () => {
    const root = await tempDir(VALID);
    await writeJson(root, PTT, {
      ...(await readJson(root, PTT)),
      superseded_by: { id: "bc.rent_cap.2026", effective_iso: "2026-06-01" },
    });
    await writeJson(root, RENT_2026, {
      ...(await readJson(root, RENT_2026)),
      superseded_by: { id: "bc.ptt.brackets", effective_iso: "2026-06-01" },
    });
    expect(await check(root)).toEqual({
      code: 1,
      problems: [
        `${RENT_2026}:${await at(root, RENT_2026, "id")}: superseded_by forms a cycle (bc.rent_cap.2026 → bc.ptt.brackets → bc.rent_cap.2026): a chain of replacements must end at a fact in force, or at null (at /superseded_by/id) [superseded-by]`,
        `${PTT}:${await at(root, PTT, "id")}: superseded_by forms a cycle (bc.ptt.brackets → bc.rent_cap.2026 → bc.ptt.brackets): a chain of replacements must end at a fact in force, or at null (at /superseded_by/id) [superseded-by]`,
      ],
    });
  });

  it("refuses a replacement dated before the fact took effect, even with no successor", async () => {
    const root = await tempDir(VALID);
    const fact = await readJson(root, PTT);
    await writeJson(root, PTT, { ...fact, superseded_by: { id: null, effective_iso: "2010-01-01" } });
    expect(await check(root)).toEqual({
      code: 1,
      problems: [
        `${PTT}:${await at(root, PTT, "effective_iso")}: superseded_by.effective_iso 2010-01-01 is before the fact's own effective_iso ${fact.effective_iso}: a rule is replaced on or after the day it took effect (at /superseded_by/effective_iso) [superseded-by]`,
      ],
    });
  });
});
