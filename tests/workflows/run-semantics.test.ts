import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runWorkflow, STAND_INS } from "../../src/workflow-runner/index.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const SHA = "5".repeat(40);

/**
 * A workflow that needs no checkout: every rule of GitHub's the runner applies, in small. The first job's script is
 * a block holding expressions, whose here-document ends only if the block's indentation is gone, and whose quotes
 * must all survive.
 */
const WORKFLOW = `name: Semantics
on: push
env:
  GREETING: hello
jobs:
  first:
    runs-on: ubuntu-latest
    outputs:
      word: \${{ steps.say.outputs.word }}
      ref: \${{ steps.say.outputs.ref }}
    steps:
      - id: say
        run: |
          echo "word=$GREETING-\${{ github.event.after }}" >> "$GITHUB_OUTPUT"
          echo "LATER=from the env file" >> "$GITHUB_ENV"
          { echo "lines<<END"; echo "one"; echo "two"; echo "END"; } >> "$GITHUB_OUTPUT"
          cat > "$RUNNER_TEMP/ref" <<EOF
          \${{ github.ref }}
          EOF
          echo "ref=$(cat "$RUNNER_TEMP/ref")" >> "$GITHUB_OUTPUT"
      - run: test "$LATER" = "from the env file" && test "\${{ steps.say.outputs.lines }}" = "$(printf 'one\\ntwo')"
      - run: false | true
  broken:
    needs: first
    runs-on: ubuntu-latest
    steps:
      - id: tolerated
        run: exit 3
        continue-on-error: true
      - run: echo "\${{ steps.tolerated.outcome }}/\${{ steps.tolerated.conclusion }}, \${{ secrets.TOKEN }}" && false
      - run: echo never
      - if: failure()
        run: echo "cleaned up after the failure"
  after-broken:
    needs: broken
    runs-on: ubuntu-latest
    steps:
      - run: echo never
  rescue:
    needs: [first, broken]
    if: always() && needs.broken.result == 'failure'
    runs-on: ubuntu-latest
    steps:
      - run: echo "rescued \${{ needs.first.outputs.word }}"
  pipefail:
    runs-on: ubuntu-latest
    steps:
      - shell: bash
        run: false | true
  unknown:
    needs: first
    runs-on: ubuntu-latest
    steps:
      - uses: someone/some-action@v1
`;

describe("the workflow runner", () => {
  it("applies GitHub's rules: needs, if: and status functions, outputs and env files, continue-on-error, the default shell, masking and unknown actions", async () => {
    const folder = await tempDir();
    const file = path.join(folder, "semantics.yml");
    await writeFile(file, WORKFLOW);
    const lines: string[] = [];
    const run = await runWorkflow(
      {
        workflow: file,
        event: "push",
        payload: { ref: "refs/heads/main", after: SHA },
        secrets: { TOKEN: "s3cr3t-value" },
        workDir: folder,
      },
      (line) => lines.push(line),
    );
    const job = (id: string) => run.jobs.find((each) => each.id === id)!;

    expect(run.jobs.map((each) => [each.id, each.result])).toEqual([
      ["first", "success"],
      ["broken", "failure"],
      ["after-broken", "skipped"],
      ["rescue", "success"],
      ["pipefail", "failure"],
      ["unknown", "failure"],
    ]);
    expect(run.conclusion).toBe("failure");
    expect(job("first").outputs).toEqual({ word: `hello-${SHA}`, ref: "refs/heads/main" });
    expect(job("broken").steps.map((step) => [step.outcome, step.conclusion])).toEqual([
      ["failure", "success"],
      ["failure", "failure"],
      ["skipped", "skipped"],
      ["success", "success"],
    ]);
    expect(job("broken").steps[1]!.log).toBe("failure/success, ***\n");
    expect(lines.join("\n")).not.toContain("s3cr3t-value");
    expect(job("rescue").steps[0]!.log).toBe(`rescued hello-${SHA}\n`);
    expect(job("unknown").steps[0]!.annotations[0]!.message).toBe(
      'workflow Semantics, job unknown, step "Run someone/some-action@v1": no stand-in for the third-party action someone/some-action@v1: the runner replaces only the actions its table lists (src/workflow-runner/stand-ins.ts)',
    );
  });

  it("refuses a workflow using what it does not apply, rather than run it otherwise than GitHub would", async () => {
    const folder = await tempDir();
    const file = path.join(folder, "matrix.yml");
    await writeFile(
      file,
      "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        node: [22, 24]\n    steps:\n      - run: true\n",
    );
    await expect(
      runWorkflow(
        { workflow: file, event: "push", payload: { ref: "refs/heads/main", after: SHA }, workDir: folder },
        () => {},
      ),
    ).rejects.toThrow(`${file}: job test uses strategy, which the runner does not apply`);
    const pushOnly = path.join(folder, "push-only.yml");
    await writeFile(pushOnly, "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: true\n");
    await expect(runWorkflow({ workflow: pushOnly, event: "pull_request", workDir: folder }, () => {})).rejects.toThrow(
      `${pushOnly} does not run on pull_request (it runs on push)`,
    );
  });

  it("lists each of its stand-ins in the table of docs/maintainers/workflow-runner.md", async () => {
    const doc = await readFile(path.join(PROJECT_ROOT, "docs/maintainers/workflow-runner.md"), "utf8");
    const rows = doc.split("\n").filter((line) => line.startsWith("| "));
    const missing = STAND_INS.map((standIn) => standIn.replaces).filter(
      (name) => !rows.some((row) => row.split("|")[1]!.includes(name.includes(" ") ? name : `\`${name}\``)),
    );
    expect(missing).toEqual([]);
  });
});
