import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildModel } from "../../src/build/build-model.ts";
import { factValue } from "../helpers/fact-values.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { unpackFrozenData } from "../helpers/frozen-data.ts";
import { createGitRepo, factJson } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { FILE as FEE_FILE, ID as FEE_ID, V1 as FEE_V1, SOURCE_URL } from "./form-b-fee.ts";

// Changes to the past are revisions (docs/maintainers/decisions.md#versions): an earlier period's dates, value or
// unit, and the versions the periods correct, answer what applied on a date as the current value does, so changing
// them raises the version, needs the Source: and Impact: lines, and publishes a diff and an event.

const exec = promisify(execFile);
const ID = "bc.rent_cap.2026";
const FILE = `facts/rental/${ID}.json`;
const TODAY = frozenData().today;

interface Period {
  effective_iso: string;
  value: Record<string, unknown>;
  citations: { url: string; quote?: string }[];
}

type RentCap = Record<string, unknown> & { version: number; earlier: Period[] };

/** A repository of the project's facts (the frozen copy, cloned with its history), on a branch `past` of its `frozen`. */
interface Clone {
  root: string;
  writeJson(file: string, json: unknown): Promise<void>;
  commit(message: string): Promise<string>;
  git(...args: string[]): Promise<string>;
}

const cloneFrozen = async (): Promise<Clone> => {
  const root = path.join(await tempDir(), "facts");
  unpackFrozenData(root);
  // Commits dated on the frozen day, so that the build reads them as recorded on the day it runs on.
  const date = `${TODAY}T12:00:00Z`;
  const git = async (...args: string[]): Promise<string> =>
    (
      await exec("git", args, {
        cwd: root,
        env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_CONFIG_NOSYSTEM: "1", HOME: root },
      })
    ).stdout;
  await git("config", "user.name", "Test Contributor");
  await git("config", "user.email", "contributor@example.org");
  await git("checkout", "-q", "-b", "past");
  return {
    root,
    git,
    writeJson: (file, json) => writeFile(path.join(root, file), `${JSON.stringify(json, null, 2)}\n`),
    commit: async (message) => {
      await git("commit", "-q", "-a", "-m", message);
      return (await git("rev-parse", "HEAD")).trim();
    },
  };
};

/** The project's rent cap in a clone of its facts, with its earlier periods, 2019's among them. */
const onBranch = async (): Promise<{ repo: Clone; cap: RentCap }> => {
  const repo = await cloneFrozen();
  const cap = JSON.parse(await readFile(path.join(repo.root, FILE), "utf8")) as RentCap;
  return { repo, cap };
};

/** The cap with its 2019 period's rate (and the inflation it was said to match) set to `rate`. */
const with2019Rate = (cap: RentCap, rate: number, version = cap.version) => ({
  ...cap,
  version,
  earlier: cap.earlier.map((period) =>
    period.effective_iso === "2019-01-01"
      ? { ...period, value: { ...period.value, max_increase_rate: rate, reference_inflation_rate: rate } }
      : period,
  ),
});

const check = async (repo: { root: string }, base = "frozen") => {
  const result = await runScript("src/cli/check.ts", ["--root", repo.root, "--base", base], {
    env: { FACTS_TODAY: TODAY },
  });
  return { ...result, lines: result.stdout.trimEnd().split("\n") };
};

// The tests on the project's own rent cap check and build a clone of the whole frozen copy: more time than one fixture.
describe("a change to the record of the past is a revision", () => {
  it(
    "refuses the 2019 rent cap changed from 2.5% to 9.5% without a version, naming the commit, file and period",
    async () => {
      const { repo, cap } = await onBranch();
      const index = cap.earlier.findIndex((period) => period.effective_iso === "2019-01-01");
      expect(cap.earlier[index]!.value.max_increase_rate).toBe(0.025);
      await repo.writeJson(FILE, with2019Rate(cap, 0.095));
      const sha = await repo.commit("Tidy the 2019 rent cap");
      await repo.writeJson(FILE, { ...with2019Rate(cap, 0.095), label: `${cap.label as string} in British Columbia` });
      await repo.commit("Reword the label");
      const result = await check(repo);
      expect(result.code).toBe(1);
      const problems = result.lines.filter((line) => line.endsWith("[version-rules]"));
      expect(problems).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^${FILE.replaceAll(".", "\\.")}:\\d+:\\d+: commit ${sha.slice(0, 12)} \\("Tidy the 2019 rent cap"\\): earlier\\[${index}\\]\\.value changed, so this is a revision: version must be ${cap.version + 1} \\(its parent has ${cap.version}\\), not ${cap.version}.* \\(at /version\\) \\[version-rules\\]$`,
          ),
        ),
      );
    },
    LIMITS.test,
  );

  it("refuses a change of corrected_versions without a version, and takes it as a revision once raised", async () => {
    const repo = await createGitRepo();
    await repo.writeFact(FEE_V1);
    await repo.commit(`${FEE_ID} v1\n\nImpact: The fee is capped.`);
    const v2 = factJson({
      ...FEE_V1,
      version: 2,
      effective_iso: "2026-01-01",
      value: factValue(FEE_ID, { max_fee: 40 }),
    });
    const period = {
      effective_iso: "2019-01-01",
      superseded_iso: "2020-01-01",
      value: factValue(FEE_ID, { max_fee: 15 }),
      citations: [{ ...(v2.citations as object[])[0], quote: "A fee of up to $15 may be charged." }],
      note: "The fee cap before the first recorded version.",
    };
    const { superseded_by, ...rest } = v2;
    await repo.writeJson(FEE_FILE, { ...rest, earlier: [period], superseded_by });
    await repo.commit(`${FEE_ID} v2\n\nSource: Form B, ${SOURCE_URL}\nImpact: The cap rose to $40.`);
    const v3 = { ...rest, version: 3, value: factValue(FEE_ID, { max_fee: 45 }), earlier: [period], superseded_by };
    await repo.writeJson(FEE_FILE, v3);
    await repo.commit(`${FEE_ID} v3\n\nSource: Form B, ${SOURCE_URL}\nImpact: Correction: the cap is $45.`);
    await repo.git("checkout", "-q", "-b", "corrections");

    const { superseded_by: _, ...head } = v3;
    await repo.writeJson(FEE_FILE, { ...head, corrected_versions: [2], superseded_by });
    const refused = await check(repo, "main");
    expect(refused.code).toBe(1);
    expect(refused.lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${FEE_FILE.replaceAll(".", "\\.")}:\\d+:\\d+: corrected_versions changed, so this is a revision: version must be 4 \\(base has 3\\), not 3 \\(at /version\\) \\[version-rules\\]$`,
        ),
      ),
    );
    await repo.writeJson(FEE_FILE, { ...head, version: 4, corrected_versions: [2], superseded_by });
    await repo.commit(`${FEE_ID} v4\n\nSource: Form B, ${SOURCE_URL}\nImpact: Version 2 was a mistake in the record.`);
    const accepted = await check(repo, "main");
    expect(accepted.lines.filter((line) => /\[(version-rules|revision-commit|earlier-periods)\]$/.test(line))).toEqual(
      [],
    );
  });

  it(
    "holds a period's revision to the Source: and Impact: lines, warns of its stale quote, and publishes a diff and an event",
    async () => {
      const { repo, cap } = await onBranch();
      const index = cap.earlier.findIndex((period) => period.effective_iso === "2019-01-01");
      const period = cap.earlier[index]!;
      await repo.writeJson(FILE, with2019Rate(cap, 0.095, cap.version + 1));
      await repo.commit("Raise the 2019 rent cap");
      const unsourced = await check(repo);
      expect(unsourced.code).toBe(1);
      expect(unsourced.stdout).toContain(
        `revises ${ID} to v${cap.version + 1} without a Source: line and an Impact: line`,
      );

      // The period's own source is the one a revision of it cites.
      await repo.git("reset", "-q", "--soft", "HEAD~1");
      const sha = await repo.commit(
        `Raise the 2019 rent cap\n\nSource: ${period.citations[0]!.url}\nImpact: The 2019 cap reads 9.5%.`,
      );
      const result = await check(repo);
      expect(result.lines.filter((line) => /\[(version-rules|revision-commit)\]$/.test(line))).toEqual([]);
      const stale = result.lines.filter((line) => line.endsWith("[stale-number]"));
      expect(stale).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^${FILE.replaceAll(".", "\\.")}:\\d+:\\d+: warning: ${ID.replaceAll(".", "\\.")}: the quote of earlier\\[${index}\\]\\.citations\\[0\\] \\([a-z-]+\\) says "2\\.5 percent", which stated 0\\.025 in the period's value on the base and matches nothing in its value now; .* \\(at /earlier/${index}/citations/0/quote\\) \\[stale-number\\]$`,
          ),
        ),
      );

      const model = await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: TODAY });
      const diff = model.diffs.find((each) => each.fact_id === ID && each.to === cap.version + 1)!;
      expect(diff.summary).toBe("The 2019 cap reads 9.5%.");
      expect(diff.past_diff?.earlier?.from[index]?.value).toMatchObject({ max_increase_rate: 0.025 });
      expect(diff.past_diff?.earlier?.to[index]?.value).toMatchObject({ max_increase_rate: 0.095 });
      expect(model.changes.find((event) => event.commit === sha)).toMatchObject({
        kind: "revision",
        version: cap.version + 1,
        diff_url: `https://facts.example.org/api/v1/facts/diff/${ID}/v${cap.version}-to-v${cap.version + 1}.json`,
      });
    },
    LIMITS.test,
  );
});
