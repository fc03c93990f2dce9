import { describe, expect, it } from "vitest";
import { factAsOf } from "../../packages/client/src/index.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo, factJson, type GitRepo } from "../helpers/git-repo.ts";
import { runCheck, runScript } from "../helpers/run-script.ts";

// Time done right (docs/maintainers/decisions.md#time): periods before a fact's first version recorded in its file,
// corrections told apart from changes, and labels that name the rule, each checked in a real git repository.

const TODAY = "2026-11-21";
const ID = "bc.strata.form_b_fee";
const FILE = `facts/strata/${ID}.json`;
const fee = (max_fee: number) => factValue(ID, { max_fee });

/** A citation of an earlier period: its source, quoted. */
const quoted = {
  url: "https://www.bclaws.gov.bc.ca/civix/document/id/complete/statreg/43_2000",
  org: "bc-kings-printer",
  kind: "official",
  retrieved_iso: "2026-11-01",
  quote: "The strata corporation may charge a fee for the information certificate.",
};

const period = (effective_iso: string, superseded_iso: string, value: unknown = fee(15)) => ({
  effective_iso,
  superseded_iso,
  value,
  citations: [quoted],
  note: "The fee cap in force before the first recorded version.",
});

/** The fact's file with `earlier` (and other keys) added after its citations, in the order files write them. */
const withEarlier = (seed: Parameters<typeof factJson>[0], extra: Record<string, unknown>) => {
  const { superseded_by, ...rest } = factJson(seed);
  return { ...rest, ...extra, superseded_by };
};

/** Version 2 of the fee: $40 from 2023-12-06. */
const V2 = { id: ID, domain: "strata", value: fee(40), effective_iso: "2023-12-06", version: 2 };

/** A repository whose main branch holds version 1 (from 2020-01-01) and version 2 (from 2023-12-06). */
const twoVersions = async (): Promise<GitRepo> => {
  const repo = await createGitRepo();
  await repo.writeFact({ id: ID, domain: "strata", value: fee(35), effective_iso: "2020-01-01" });
  await repo.commit(`${ID} v1\n\nSource: ${quoted.url}\nImpact: The fee is capped.`);
  await repo.writeFact(V2);
  await repo.commit(`${ID} v2\n\nSource: ${quoted.url}\nImpact: The cap rose.`);
  return repo;
};

const check = async (repo: GitRepo, base = "main") => {
  const result = await runCheck(repo.root, TODAY, { base });
  return { ...result, lines: result.stdout.trimEnd().split("\n") };
};

describe("earlier periods: the timeline before a fact's first version", () => {
  it("refuses a period overlapping the first version, naming the file, line and JSON path", async () => {
    const repo = await twoVersions();
    await repo.writeJson(FILE, withEarlier(V2, { earlier: [period("2016-01-01", "2021-01-01")] }));
    const result = await check(repo);
    expect(result.code).toBe(1);
    expect(result.lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${FILE}:\\d+:\\d+: the last earlier period must be superseded on the day the first kept version took effect \\(2020-01-01\\); an overlap: .* \\(at /earlier/0/superseded_iso\\) \\[earlier-periods\\]$`,
        ),
      ),
    );
  });

  it("refuses a gap between two periods, and a gap before the first version", async () => {
    const repo = await twoVersions();
    await repo.writeJson(
      FILE,
      withEarlier(V2, { earlier: [period("2014-01-01", "2015-01-01"), period("2016-01-01", "2019-06-01")] }),
    );
    const result = await check(repo);
    expect(result.code).toBe(1);
    const problems = result.lines.filter((line) => line.endsWith("[earlier-periods]"));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      new RegExp(`^${FILE}:\\d+:\\d+: a gap: earlier\\[0\\] ends on 2015-01-01 and this period starts on 2016-01-01`),
    );
    expect(problems[0]).toContain("(at /earlier/1/effective_iso)");
    expect(problems[1]).toContain("a gap: version 1 takes effect on 2020-01-01, later than 2019-06-01");
  });

  it("refuses a period whose value fails the fact's value schema, at the value's own path", async () => {
    const repo = await twoVersions();
    await repo.writeJson(FILE, withEarlier(V2, { earlier: [period("2016-01-01", "2020-01-01", fee(-5))] }));
    const result = await check(repo);
    expect(result.code).toBe(1);
    const problem = result.lines.find((line) => line.includes("(at /earlier/0/value/max_fee)"));
    expect(problem).toMatch(new RegExp(`^${FILE}:\\d+:\\d+: .*never negative.*\\[value-schema\\]$`));
  });

  it("accepts periods that meet the first version, and answers dates before it from them", async () => {
    const repo = await twoVersions();
    // Recording the past is a revision: version 3 states the same rule as version 2, with the periods before it.
    await repo.writeJson(
      FILE,
      withEarlier(
        { ...V2, version: 3 },
        { earlier: [period("2016-01-01", "2018-01-01", fee(15)), period("2018-01-01", "2020-01-01", fee(25))] },
      ),
    );
    expect((await check(repo)).code).toBe(0);
    await repo.commit(`${ID} v3\n\nSource: ${quoted.url}\nImpact: The fee caps from 2016 to 2020 are recorded.`);
    const model = await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: TODAY });
    const fact = model.facts.find((each) => each.id === ID)!;
    expect(fact.history.map((entry) => [entry.version, entry.effective_iso, entry.superseded_iso])).toEqual([
      [2, "2023-12-06", undefined],
      [1, "2020-01-01", "2023-12-06"],
      [undefined, "2018-01-01", "2020-01-01"],
      [undefined, "2016-01-01", "2018-01-01"],
    ]);
    // Version 3 restates the rule of version 2 with the past recorded: version 2's record was replaced by it.
    expect(fact.history[0]!.corrected_by).toBe(3);
    // Each entry says when the service recorded it: the earlier periods in the commit that added them.
    expect(fact.history.map((entry) => entry.recorded_iso)).toEqual([
      "2026-01-01",
      "2026-01-01",
      "2026-01-01",
      "2026-01-01",
    ]);
    expect(fact.history[2]!.summary).toMatch(/\$25/);
    const asOf = factAsOf(fact, "2017-06-01");
    expect(asOf).toMatchObject({ source: "earlier", effective_iso: "2016-01-01", anchor: "earlier-2016-01-01" });
    expect((asOf!.value as { max_fee: number }).max_fee).toBe(15);
    expect(factAsOf(fact, "2015-12-31")).toBeUndefined();
  });

  it("lets earlier periods replace a version listed in corrected_versions, which is then corrected", async () => {
    const repo = await twoVersions();
    const periods = [period("2016-01-01", "2021-01-01", fee(15)), period("2021-01-01", "2023-12-06", fee(35))];
    await repo.writeJson(FILE, withEarlier(V2, { earlier: periods }));
    const overlapping = await check(repo);
    expect(overlapping.code).toBe(1);
    expect(overlapping.lines.join("\n")).toContain(
      "list a version whose value the periods replace in corrected_versions",
    );
    await repo.writeJson(FILE, withEarlier({ ...V2, version: 3 }, { earlier: periods, corrected_versions: [1] }));
    expect((await check(repo)).code).toBe(0);
    await repo.commit(
      `${ID} v3\n\nSource: ${quoted.url}\nImpact: The fee before December 6, 2023 is recorded from its sources.`,
    );
    const model = await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: TODAY });
    const fact = model.facts.find((each) => each.id === ID)!;
    expect(fact.history.find((entry) => entry.version === 1)).toMatchObject({ corrected_by: 3 });
    expect(factAsOf(fact, "2020-06-01")).toMatchObject({ source: "earlier", effective_iso: "2016-01-01" });
    expect(factAsOf(fact, "2022-06-01")).toMatchObject({ source: "earlier", effective_iso: "2021-01-01" });
  });

  it("has npm run fix put an earlier period's keys in their order", async () => {
    const repo = await twoVersions();
    const { note, citations, ...rest } = period("2016-01-01", "2020-01-01");
    await repo.writeJson(FILE, withEarlier(V2, { earlier: [{ note, citations, ...rest }] }));
    const result = await runScript("src/cli/fix.ts", ["--root", repo.root], { env: { FACTS_TODAY: TODAY } });
    expect(result.stdout).toContain("keys put in the schema's order");
    const fixed = (await repo.readJson(FILE)) as { earlier: Record<string, unknown>[] };
    expect(Object.keys(fixed.earlier[0]!)).toEqual(["effective_iso", "superseded_iso", "value", "citations", "note"]);
    expect((await check(repo)).code).toBe(0);
  });
});

describe("corrections: a revision with its predecessor's effective date", () => {
  it("marks the corrected version corrected_by and never answers from it", async () => {
    const repo = await twoVersions();
    await repo.writeFact({ id: ID, domain: "strata", value: fee(45), effective_iso: "2023-12-06", version: 3 });
    await repo.commit(`${ID} v3\n\nSource: ${quoted.url}\nImpact: Correction: the cap from December 6, 2023 is $45.`);
    const model = await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: TODAY });
    const fact = model.facts.find((each) => each.id === ID)!;
    const corrected = fact.history.find((entry) => entry.version === 2)!;
    expect(corrected.corrected_by).toBe(3);
    expect(corrected.superseded_iso).toBeUndefined();
    // Version 1 gave way to the rule of 2023-12-06, as version 3 states it.
    expect(fact.history.find((entry) => entry.version === 1)!.superseded_iso).toBe("2023-12-06");
    expect(factAsOf(fact, "2024-01-01")).toMatchObject({ version: 3, source: "current" });
    expect(factAsOf(fact, "2023-12-06")!.version).toBe(3);
    expect(factAsOf(fact, "2022-01-01")!.version).toBe(1);
  });

  it("warns when the value changes and the date does not, until the commit says it is a correction", async () => {
    const repo = await twoVersions();
    // The contributor raises the fee and keeps the date; npm run fix raises the version and says what that publishes.
    await repo.writeFact({ id: ID, domain: "strata", value: fee(45), effective_iso: "2023-12-06", version: 2 });
    const fixed = await runScript("src/cli/fix.ts", ["--root", repo.root, "--base", "main"], {
      env: { FACTS_TODAY: TODAY },
    });
    expect(fixed.stdout).toContain("version 2 → 3 (value changed against the base); effective_iso is still 2023-12-06");
    expect(fixed.stdout).toContain("published as a correction");
    expect((await repo.readJson(FILE)).version).toBe(3);
    const warned = await check(repo);
    expect(warned.code).toBe(0);
    const warning = warned.lines.find((line) => line.endsWith("[correction-or-date]"));
    expect(warning).toMatch(
      new RegExp(`^${FILE}:\\d+:\\d+: warning: value changed but effective_iso is still 2023-12-06`),
    );
    expect(warning).toContain("A new rule needs the date it took effect");
    expect(warning).toContain('"Impact: Correction: …"');
    expect(warning).toContain("(at /effective_iso)");

    await repo.git("checkout", "-q", "-b", "fee-fix");
    await repo.commit(`${ID} v3\n\nSource: ${quoted.url}\nImpact: Correction: the cap is $45.`);
    const said = await check(repo);
    expect(said.lines.some((line) => line.endsWith("[correction-or-date]"))).toBe(false);
  });
});

describe("labels name the rule, never its value", () => {
  it("refuses a label with $ or %, at /label, and accepts years, sections and bill numbers", async () => {
    const repo = await twoVersions();
    await repo.writeFact({ ...V2, label: "Form B fee ($40 cap)" });
    await repo.writeFact({
      id: "bc.rent_cap.2026",
      domain: "rental",
      value: factValue("bc.rent_cap.2026"),
      label: "Rent cap: inflation %",
    });
    const refused = await check(repo);
    expect(refused.code).toBe(1);
    expect(refused.lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${FILE}:3:3: a label names the rule, not its value: "\\$" .*\\(at /label\\) \\[label-names-rule\\]$`,
        ),
      ),
    );
    expect(refused.lines).toContainEqual(
      expect.stringMatching(
        /^facts\/rental\/bc\.rent_cap\.2026\.json:3:3: a label names the rule, not its value: "%" /,
      ),
    );
    await repo.writeFact({ ...V2, label: "Strata Property Act s. 59 (Bill 44, 2023): the Form B fee" });
    await repo.remove("facts/rental/bc.rent_cap.2026.json");
    const accepted = await check(repo);
    expect(accepted.lines.filter((line) => line.endsWith("[label-names-rule]"))).toEqual([]);
  });
});

describe("note corrections: a version's public note published wrong", () => {
  it("replaces the note everywhere it is published, and refuses a correction of a version not recorded", async () => {
    const repo = await twoVersions();
    // Version 2's Impact: line lost "$4" to the shell: "The cap rose to 0." The file corrects it, and says why.
    await repo.writeFact({ id: ID, domain: "strata", value: fee(45), effective_iso: "2024-06-01", version: 3 });
    await repo.commit(`${ID} v3\n\nSource: ${quoted.url}\nImpact: The cap rose to 5.`);
    const corrections = [
      { version: 3, note: "The cap rose to $45.", reason: 'The note first published read "rose to 5".' },
    ];
    const V3 = { id: ID, domain: "strata", value: fee(45), effective_iso: "2024-06-01", version: 3 };
    await repo.writeJson(FILE, withEarlier(V3, { note_corrections: corrections }));
    expect((await check(repo)).code).toBe(0);
    await repo.commit("Correct the note of version 3");
    const model = await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: TODAY });
    const timeline = model.timelines.get(ID)!;
    const { versionNote } = await import("../../src/derive/fact-history.ts");
    const last = timeline.versions.at(-1)!;
    expect(versionNote(last.version, last.introduced)).toBe("The cap rose to $45.");
    // The other versions keep their commits' notes; the file's key is not published in the fact.
    expect(model.facts.find((each) => each.id === ID)!.history.find((entry) => entry.version === 2)!.note).toBe(
      "The cap rose.",
    );
    expect(JSON.stringify(model.facts.find((each) => each.id === ID))).not.toContain("note_corrections");

    await repo.writeJson(
      FILE,
      withEarlier(V3, {
        note_corrections: [
          { version: 2, note: "The cap rose.", reason: "A second look." },
          { version: 4, note: "Not yet recorded.", reason: "No such version." },
        ],
      }),
    );
    const refused = await check(repo);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      new RegExp(
        `${FILE}:\\d+:\\d+: note_corrections names recorded versions only: 4 is after the current version 3 \\(at /note_corrections/1/version\\)`,
      ),
    );
  });
});
