import { readFile } from "node:fs/promises";
import path from "node:path";
import * as core from "@actions/core";
import { describe, expect, it } from "vitest";
import { nodeActionNames, readActionMetadata, runAction, runActionEntry } from "../helpers/run-action.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/** Per action, inputs it refuses and the one error it fails with, before doing anything. */
const REFUSED: Record<string, { inputs: Record<string, string>; error: string }> = {
  "confirm-changes": {
    inputs: { "within-days": "two weeks" },
    error: 'the confirmation issues could not be updated: within-days must be a whole number, got "two weeks"',
  },
  "freshness-gate": {
    inputs: { today: "2026-02-30" },
    error: 'the freshness gate could not run: today must be a real calendar date written YYYY-MM-DD, got "2026-02-30"',
  },
  "pr-changes": { inputs: {}, error: "the fact changes could not be computed: base is required" },
  "pr-comment": { inputs: {}, error: "the pull request comment could not be posted: report is required" },
  reverify: {
    inputs: { "check-links": "yes", "link-timeout-seconds": "1.5" },
    error:
      're-verification could not run: check-links must be true or false, got "yes"; link-timeout-seconds must be a whole number, got "1.5"',
  },
  "state-branch": {
    inputs: { mode: "save", branch: "" },
    error: "the state branch could not be used: branch must not be empty",
  },
  validate: { inputs: { root: "" }, error: "validation could not run: root must not be empty" },
};

const VALID_FACTS = path.join(PROJECT_ROOT, "tests/fixtures/check/valid");

describe("each action's entry file, run as the runner runs it", () => {
  it("exports `run` and calls it only when the runner starts the file", async () => {
    const actions = await nodeActionNames();
    expect(actions).toEqual(Object.keys(REFUSED).sort());
    for (const action of actions) {
      const main = (await readActionMetadata(action)).runs.main!;
      expect(main, action).toBe("main.ts");
      const text = await readFile(path.join(PROJECT_ROOT, "actions", action, main), "utf8");
      expect(text, action).toContain("\nexport const run = (): Promise<void> => failOnError(");
      expect(text.endsWith("\nif (import.meta.main) await run();\n"), action).toBe(true);
    }
  });

  it.each(Object.entries(REFUSED))(
    "%s: reads its inputs from INPUT_* and fails the step naming the wrong input",
    async (action, { inputs, error }) => {
      const run = await runActionEntry(action, { workspace: await tempDir(), scratch: await tempDir(), inputs });
      expect(run.code).toBe(1);
      expect(run.annotations).toEqual([{ level: "error", properties: {}, message: error }]);
      expect(run.outputs).toEqual({});
      expect(run.stderr).toBe("");
    },
  );

  it("writes its outputs and job summary and exits 0 when it succeeds", async () => {
    const run = await runActionEntry("validate", {
      workspace: await tempDir(VALID_FACTS),
      scratch: await tempDir(),
      env: { FACTS_TODAY: "2026-11-21" },
    });
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({ problems: "0", "fact-files": "2" });
    expect(run.summary).toContain("ok: 2 fact files and 1 index-data files checked, no problems");
  });
});

describe("an action run in the test process", () => {
  it("fails as the entry file does, and puts back the environment, the working directory and the exit code", async () => {
    const before = { env: { ...process.env }, cwd: process.cwd(), exitCode: process.exitCode };
    const { inputs, error } = REFUSED.reverify!;
    const failed = await runAction("reverify", { workspace: await tempDir(), scratch: await tempDir(), inputs });
    expect(failed.code).toBe(1);
    expect(failed.annotations).toEqual([{ level: "error", properties: {}, message: error }]);
    expect({ env: process.env, cwd: process.cwd(), exitCode: process.exitCode }).toEqual(before);
  });

  it("starts from an empty job summary whatever an earlier run left unwritten, and leaves none behind", async () => {
    core.summary.addRaw("<p>left unwritten by a run that failed</p>");
    const passed = await runAction("validate", {
      workspace: await tempDir(VALID_FACTS),
      scratch: await tempDir(),
      env: { FACTS_TODAY: "2026-11-21" },
    });
    expect(passed.code).toBe(0);
    expect(passed.summary.startsWith("<h2>Fact validation</h2>")).toBe(true);
    expect(passed.summary).not.toContain("left unwritten");
    expect(core.summary.isEmptyBuffer()).toBe(true);
  });
});
