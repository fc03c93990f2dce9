import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { checkCommitVersions } from "../../src/check/commit-range.ts";
import { commitsSince } from "../../src/check/revision-commits.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo, factJson, type GitRepo } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { runCheck } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { FILE, ID, mergeKeepingSide, TRAILERS, V1, V2 } from "./form-b-fee.ts";

const exec = promisify(execFile);

const WITHDRAWN = { withdrawn_iso: "2026-11-01", withdrawn_reason: "The Form B fee is no longer capped." };

/**
 * A contributor's repository whose main holds v1 of the Form B fee, pushed to a bare origin; `before` is main as the
 * origin had it before the push the test makes.
 */
const pushedMain = async () => {
  const repo = await createGitRepo();
  const origin = await tempDir();
  await exec("git", ["init", "-q", "--bare", "-b", "main", origin]);
  await repo.git("remote", "add", "origin", origin);
  await repo.writeFact(V1);
  const before = await repo.commit(`${ID} v1\n\n${TRAILERS}`);
  await repo.git("push", "-q", "origin", "main");
  return { repo, origin, before };
};

/** Pushes main to the origin, clones it as the deploy job checks it out, and runs `npm run check -- --before`. */
const checkPush = async (setup: { repo: GitRepo; origin: string }, before: string) => {
  await setup.repo.git("push", "-q", "origin", "main");
  const checkout = path.join(await tempDir(), "checkout");
  await exec("git", ["clone", "-q", setup.origin, checkout]);
  const result = await runCheck(checkout, "2026-11-21", { before: before });
  return { ...result, checkout, lines: result.stdout.trimEnd().split("\n") };
};

/** `line:column` of a key of the fact's file as a commit wrote it (the files here are written by factJson). */
const keyAt = (json: Record<string, unknown>, key: string): string =>
  `${`${JSON.stringify(json, null, 2)}\n`.split("\n").findIndex((line) => line.startsWith(`  "${key}"`)) + 1}:3`;

const named = (sha: string, subject: string) => `commit ${sha.slice(0, 12)} ("${subject}")`;
const FIX_HINT =
  "Each commit becomes a step of the fact's published history, so each keeps the version rules on its own (on a branch, fix that commit with git rebase -i)";

describe("npm run check --before: every pushed commit is held to the version rules", () => {
  it("refuses a revision and its revert pushed together, naming the revert's commit, file and pointer", async () => {
    const setup = await pushedMain();
    await setup.repo.writeFact(V2);
    await setup.repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await setup.repo.writeFact(V1);
    const revert = await setup.repo.commit("Revert the fee to $35");
    const result = await checkPush(setup, setup.before);
    expect(result.code).toBe(1);
    expect(result.lines.slice(0, 3)).toEqual([
      `base: ${setup.before.slice(0, 12)}, the branch's commit before the push (given with --before), so every pushed commit is checked`,
      "commits: the 2 commit(s) between the base and HEAD were checked for Source: and Impact: lines",
      "commits: each of the 2 commits on the first-parent line from the base to HEAD was checked against its parent for the version rules",
    ]);
    // The two ends are the same file: only the step back is refused.
    expect(result.lines.filter((line) => line.endsWith("[version-rules]"))).toEqual([
      `${FILE}:${keyAt(factJson(V1), "version")}: ${named(revert, "Revert the fee to $35")}: version went down from 2 to 1; versions never decrease. ${FIX_HINT} (at /version) [version-rules]`,
    ]);
  });

  it("refuses a withdrawal and a revival pushed together, naming the revival", async () => {
    const setup = await pushedMain();
    await setup.repo.writeJson(FILE, { ...factJson(V1), ...WITHDRAWN });
    await setup.repo.commit(`Withdraw ${ID}`);
    await setup.repo.writeFact(V1);
    const revival = await setup.repo.commit(`Bring ${ID} back`);
    const result = await checkPush(setup, setup.before);
    expect(result.code).toBe(1);
    expect(result.lines.filter((line) => line.endsWith("[version-rules]"))).toEqual([
      `${FILE}:${keyAt(factJson(V1), "id")}: ${named(revival, `Bring ${ID} back`)}: fact "${ID}" was withdrawn on 2026-11-01; a withdrawn fact stays withdrawn and its id is never reused: publish the rule under a new id. ${FIX_HINT} (at /id) [version-rules]`,
    ]);
  });

  it("refuses a version skipped in the second commit, as the comparison with the base does for the whole push", async () => {
    const setup = await pushedMain();
    await setup.repo.writeFact(V2);
    await setup.repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    const v4 = { ...V2, value: factValue(ID, { max_fee: 45 }), version: 4, effective_iso: "2026-06-01" };
    await setup.repo.writeFact(v4);
    const skip = await setup.repo.commit(`${ID} v4: fee of $45\n\n${TRAILERS}`);
    const result = await checkPush(setup, setup.before);
    expect(result.code).toBe(1);
    const at = keyAt(factJson(v4), "version");
    expect(result.lines.filter((line) => line.endsWith("[version-rules]"))).toEqual([
      `${FILE}:${at}: ${named(skip, `${ID} v4: fee of $45`)}: value, effective_iso changed, so this is a revision: version must be 3 (its parent has 2), not 4. ${FIX_HINT} (at /version) [version-rules]`,
      `${FILE}:${at}: value, effective_iso changed, so this is a revision: version must be 2 (base has 1), not 4 (at /version) [version-rules]`,
    ]);
  });

  it("compares a fact whose file was broken in between with its last state that read as a fact", async () => {
    const setup = await pushedMain();
    await setup.repo.writeFact(V2);
    await setup.repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await writeFile(path.join(setup.repo.root, FILE), "{ not json");
    await setup.repo.commit("A bad paste");
    await setup.repo.writeFact(V1);
    const revert = await setup.repo.commit("Revert the fee to $35");
    const result = await checkPush(setup, setup.before);
    expect(result.code).toBe(1);
    expect(result.lines.filter((line) => line.endsWith("[version-rules]"))).toEqual([
      `${FILE}:${keyAt(factJson(V1), "version")}: ${named(revert, "Revert the fee to $35")}: version went down from 2 to 1; versions never decrease. ${FIX_HINT} (at /version) [version-rules]`,
    ]);
  });

  it("refuses a fact deleted in one commit and added back in the next", async () => {
    const setup = await pushedMain();
    await setup.repo.remove(FILE);
    const removal = await setup.repo.commit(`Remove ${ID}`);
    await setup.repo.writeFact(V1);
    await setup.repo.commit(`Restore ${ID}`);
    const result = await checkPush(setup, setup.before);
    expect(result.code).toBe(1);
    expect(result.lines.filter((line) => line.endsWith("[version-rules]"))).toEqual([
      `${FILE}:1:1: ${named(removal, `Remove ${ID}`)}: fact "${ID}" (v1) was deleted; facts are never deleted: keep the file as a tombstone with withdrawn_iso and withdrawn_reason (and superseded_by where a fact replaces it). ${FIX_HINT} (at the document root) [version-rules]`,
    ]);
  });

  it("passes a clean push of several commits: a revision, then a re-verification", async () => {
    const setup = await pushedMain();
    await setup.repo.writeFact(V2);
    await setup.repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await setup.repo.writeFact({ ...V2, retrieved_iso: "2026-11-20" });
    await setup.repo.commit(`Re-verify ${ID}`);
    const result = await checkPush(setup, setup.before);
    expect(result.stdout).not.toContain("[version-rules]");
    expect(result.lines).toContain(
      "commits: each of the 2 commits on the first-parent line from the base to HEAD was checked against its parent for the version rules",
    );
    expect(result.code).toBe(0);
  });

  it("checks a merged branch as its merge commit: a revision and its revert on the side branch leave main unchanged", async () => {
    const setup = await pushedMain();
    await setup.repo.git("checkout", "-q", "-b", "side");
    await setup.repo.writeFact(V2);
    await setup.repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await setup.repo.writeFact({ ...V1, label: "Form B fee" });
    await setup.repo.commit("Back to $35");
    await setup.repo.git("checkout", "-q", "main");
    await setup.repo.writeFact({ ...V1, retrieved_iso: "2026-11-20" });
    await setup.repo.commit(`Re-verify ${ID}`);
    await setup.repo.git("merge", "-q", "--no-ff", "--no-edit", "side");
    const result = await checkPush(setup, setup.before);
    expect(result.lines).toContain(
      "commits: each of the 2 commits on the first-parent line from the base to HEAD was checked against its parent for the version rules",
    );
    expect(result.stdout).not.toContain("[version-rules]");
    expect(result.code).toBe(0);
  });

  it("refuses a merge that keeps a side branch's older version, as the history reads it against its first parent", async () => {
    const setup = await pushedMain();
    await setup.repo.git("branch", "side");
    await setup.repo.writeFact(V2);
    await setup.repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await setup.repo.git("checkout", "-q", "side");
    await setup.repo.writeFact({ ...V1, label: "Form B fee" });
    await setup.repo.commit("Tidy the label");
    await setup.repo.git("checkout", "-q", "main");
    const merge = await mergeKeepingSide(setup.repo, "Merge branch 'side'");
    const result = await checkPush(setup, setup.before);
    expect(result.code).toBe(1);
    expect(result.lines.filter((line) => line.endsWith("[version-rules]"))).toEqual([
      `${FILE}:${keyAt(factJson(V1), "version")}: ${named(merge, "Merge branch 'side'")}: version went down from 2 to 1; versions never decrease. ${FIX_HINT} (at /version) [version-rules]`,
    ]);
  });

  it("refuses a merge that keeps a side branch's live file over a withdrawal", async () => {
    const setup = await pushedMain();
    await setup.repo.git("branch", "side");
    await setup.repo.writeJson(FILE, { ...factJson(V1), ...WITHDRAWN });
    await setup.repo.commit(`Withdraw ${ID}`);
    await setup.repo.git("checkout", "-q", "side");
    await setup.repo.writeFact({ ...V1, label: "Form B fee" });
    await setup.repo.commit("Tidy the label");
    await setup.repo.git("checkout", "-q", "main");
    const merge = await mergeKeepingSide(setup.repo, "Merge branch 'side'");
    const result = await checkPush(setup, setup.before);
    expect(result.code).toBe(1);
    expect(result.lines.filter((line) => line.endsWith("[version-rules]"))).toEqual([
      `${FILE}:${keyAt(factJson(V1), "id")}: ${named(merge, "Merge branch 'side'")}: fact "${ID}" was withdrawn on 2026-11-01; a withdrawn fact stays withdrawn and its id is never reused: publish the rule under a new id. ${FIX_HINT} (at /id) [version-rules]`,
    ]);
  });

  it("passes a merge of the base branch that brings two versions raised one by one there", async () => {
    const setup = await pushedMain();
    await setup.repo.git("checkout", "-q", "-b", "side");
    await setup.repo.writeFact(V2);
    await setup.repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    const v3 = { ...V2, value: factValue(ID, { max_fee: 45 }), version: 3, effective_iso: "2026-06-01" };
    await setup.repo.writeFact(v3);
    await setup.repo.commit(`${ID} v3: fee of $45\n\n${TRAILERS}`);
    await setup.repo.git("checkout", "-q", "main");
    await setup.repo.writeJson("notes.txt", "unrelated");
    await setup.repo.commit("An unrelated file");
    await setup.repo.git("merge", "-q", "--no-ff", "--no-edit", "side");
    const steps = await commitsSince(setup.repo.root, setup.before, { firstParent: true });
    expect(steps.length).toBe(2);
    expect(await checkCommitVersions(setup.repo.root, steps)).toEqual([]);
  });

  /**
   * main as the origin had it (`before`) holds an edit a force push then drops; the pushed history revises the fee,
   * reverts it and edits its label, so only a check of every pushed commit sees the step back.
   */
  const forcePushed = async (keepOld: boolean) => {
    const setup = await pushedMain();
    await setup.repo.writeFact({ ...V1, label: "Form B fee, dropped" });
    const dropped = await setup.repo.commit("An edit the force push dropped");
    await setup.repo.git("push", "-q", "origin", "main");
    if (keepOld) {
      await setup.repo.git("tag", "kept", dropped);
      await setup.repo.git("push", "-q", "origin", "kept");
    }
    await setup.repo.git("reset", "-q", "--hard", setup.before);
    await setup.repo.writeFact(V2);
    await setup.repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await setup.repo.writeFact(V1);
    const revert = await setup.repo.commit("Revert the fee to $35");
    await setup.repo.writeFact({ ...V1, label: "Form B fee" });
    await setup.repo.commit("Tidy the label");
    await setup.repo.git("push", "-q", "--force", "origin", "main");
    return { setup, dropped, revert };
  };

  for (const [where, keepOld] of [
    ["the clone holds (a tag keeps it)", true],
    ["only the origin holds (it serves a commit by its id, as GitHub does)", false],
  ] as const) {
    it(`checks a force push from the merge-base of before and HEAD, when before is a commit ${where}`, async () => {
      const { setup, dropped, revert } = await forcePushed(keepOld);
      // GitHub serves a commit by its id even when no branch holds it; a bare git origin does once told to.
      if (!keepOld) await exec("git", ["-C", setup.origin, "config", "uploadpack.allowAnySHA1InWant", "true"]);
      const result = await checkPush(setup, dropped);
      expect(result.lines.slice(0, 4)).toEqual([
        `push: ${dropped.slice(0, 12)}, the branch's commit before the push, is not an ancestor of HEAD (a force push), so the check starts where the two histories part`,
        `base: ${setup.before.slice(0, 12)}, the merge-base of HEAD and the branch's commit before the push, so every commit the push brought is checked`,
        "commits: the 3 commit(s) between the base and HEAD were checked for Source: and Impact: lines",
        "commits: each of the 3 commits on the first-parent line from the base to HEAD was checked against its parent for the version rules",
      ]);
      expect(result.lines.filter((line) => line.endsWith("[version-rules]"))).toEqual([
        `${FILE}:${keyAt(factJson(V1), "version")}: ${named(revert, "Revert the fee to $35")}: version went down from 2 to 1; versions never decrease. ${FIX_HINT} (at /version) [version-rules]`,
      ]);
      expect(result.code).toBe(1);
    });
  }

  it("falls back to the default base, and says why, for a push that created the branch or replaced its history", async () => {
    const setup = await pushedMain();
    await setup.repo.writeFact(V2);
    const last = await setup.repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    const created = await checkPush(setup, "0".repeat(40));
    expect(created.lines.slice(0, 2)).toEqual([
      "push: the push created the branch (before is the all-zero id), so the pushed commits cannot be listed and the check falls back to its default base",
      `base: ${setup.before.slice(0, 12)}, HEAD~1 (the merge-base of HEAD and origin/HEAD is HEAD itself and facts/ has no uncommitted edits, so the last commit is compared)`,
    ]);
    expect(created.code).toBe(0);

    const gone = "1234567890abcdef1234567890abcdef12345678";
    const forced = await checkPush(setup, gone);
    expect(forced.lines[0]).toBe(
      "push: 1234567890ab, the branch's commit before the push, is not in this clone and could not be fetched from origin (a force push replaced it, or the clone is shallow), so the pushed commits cannot be listed and the check falls back to its default base",
    );
    expect(forced.code).toBe(0);

    expect(last).toMatch(/^[0-9a-f]{40}$/);
  });

  it("runs as on a schedule when --before is empty (no push), and refuses a --before that is no commit id", async () => {
    const setup = await pushedMain();
    const scheduled = await checkPush(setup, "");
    expect(scheduled.lines[0]).toMatch(/^(no )?base: /);
    expect(scheduled.code).toBe(0);

    const wrong = await runCheck(scheduled.checkout, "2026-11-21", { before: "main" });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.split("\n")[0]).toBe(
      'check: --before must be a full commit id (github.event.before) or empty, got "main"',
    );
  });
});

describe("the version rules in each commit since the base, locally", () => {
  it("refuses, on a branch, a revision followed by its revert, and says how many commits were checked", async () => {
    const repo = await createGitRepo();
    await repo.writeFact(V1);
    await repo.commit(`${ID} v1\n\n${TRAILERS}`);
    await repo.git("checkout", "-q", "-b", "fee-40");
    await repo.writeFact(V2);
    await repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await repo.writeFact(V1);
    const revert = await repo.commit("Revert the fee to $35");
    const result = await runCheck(repo.root, "2026-11-21");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "commits: each of the 2 commits on the first-parent line from the base to HEAD was checked against its parent for the version rules",
    );
    expect(result.stdout).toContain(`${named(revert, "Revert the fee to $35")}: version went down from 2 to 1`);
    expect(await readFile(path.join(repo.root, FILE), "utf8")).toContain('"version": 1');
  });
});

/**
 * `count` commits on main, each changing only the fact's label (an editorial edit, version kept), written with one
 * `git fast-import`; the index is then reset to the new HEAD, as `git commit` would leave it.
 */
const editorialEdits = async (repo: GitRepo, count: number): Promise<void> => {
  const head = (await repo.git("rev-parse", "HEAD")).trim();
  const when = Number((await repo.git("log", "-1", "--format=%ct")).trim());
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const commits = Array.from({ length: count }, (_, index) => {
    const edit = index + 1;
    const file = `${JSON.stringify(factJson({ ...V1, label: `Form B fee, edit ${edit}` }), null, 2)}\n`;
    return [
      "commit refs/heads/main",
      `committer Test Contributor <contributor@example.org> ${when + edit} +0000`,
      data(`Edit ${edit}`).trimEnd(),
      ...(index === 0 ? [`from ${head}`] : []),
      `M 100644 inline ${FILE}`,
      data(file),
    ].join("\n");
  });
  await new Promise<void>((resolve, reject) => {
    const child = execFile("git", ["fast-import", "--quiet"], { cwd: repo.root }, (error) =>
      error ? reject(error) : resolve(),
    );
    child.stdin!.end(commits.join(""));
  });
  await repo.git("reset", "-q");
};

describe("a long range", () => {
  it(
    "is read in chunks, and a fact is followed across their boundary, through a broken state",
    async () => {
      const repo = await createGitRepo();
      await repo.writeFact(V1);
      const base = await repo.commit(`${ID} v1\n\n${TRAILERS}`);
      // 254 editorial edits, the revision, a broken file closing the first chunk of 256, then the revert. The edits are
      // written by one git fast-import rather than 254 commits (the same history, at a fraction of the processes).
      await editorialEdits(repo, 254);
      await repo.writeFact(V2);
      await repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
      await writeFile(path.join(repo.root, FILE), "{ not json");
      await repo.commit("A bad paste");
      await repo.writeFact(V1);
      const revert = await repo.commit("Revert the fee to $35");
      await repo.writeFact({ ...V1, label: "Form B fee" });
      await repo.commit("One edit more");

      const steps = await commitsSince(repo.root, base, { firstParent: true });
      expect(steps.length).toBe(258);
      expect(steps[256]!.sha).toBe(revert);
      const problems = await checkCommitVersions(repo.root, steps);
      expect(problems.map((problem) => `${problem.file} ${problem.pointer} ${problem.message.split(". ")[0]}`)).toEqual(
        [
          `${FILE} /version ${named(revert, "Revert the fee to $35")}: version went down from 2 to 1; versions never decrease`,
        ],
      );
    },
    LIMITS.test,
  );
});
