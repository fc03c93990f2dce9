import { parseArgs } from "node:util";
import { type Commit, commitsSince } from "../check/revision-commits.ts";
import { findingLines, runChecks, summarize, summarizeEvidence } from "../check/run-checks.ts";
import { runCommand } from "../lib/command.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { UsageError } from "../lib/errors.ts";
import { type BaseChoice, defaultBase, pushBase } from "../lib/git.ts";

/** What the revision-commit rule was applied to, or why it was not. */
const commitsLine = (commits: readonly Commit[] | undefined): string => {
  if (commits === undefined) return "commits: no base, so no commit was checked for Source: and Impact: lines";
  if (commits.length === 0)
    return "commits: none between the base and HEAD, so no commit was checked for Source: and Impact: lines";
  return `commits: the ${commits.length} commit(s) between the base and HEAD were checked for Source: and Impact: lines`;
};

/** How many commits the version rules were applied to one by one, printed when there is a base. */
const stepsLine = (steps: readonly Commit[]): string => {
  if (steps.length === 0)
    return "commits: none on the first-parent line from the base to HEAD, so none was checked on its own for the version rules";
  if (steps.length === 1)
    return "commits: the one commit on the first-parent line from the base to HEAD was checked for the version rules by the comparison with the base";
  return `commits: each of the ${steps.length} commits on the first-parent line from the base to HEAD was checked against its parent for the version rules`;
};

/** A commit id as GitHub sends it (SHA-1 or SHA-256), or empty. */
const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})?$/;

const USAGE = "usage: npm run check [-- [--root DIR] [--base REV | --before SHA]]";

/**
 * `npm run check`: every check the pull request runs. The version rules compare with `--base REV` when given, else
 * with the merge-base of HEAD and the default branch (see defaultBase), so a forgotten version bump is caught before
 * the pull request; the first line says which commit was used. `--before SHA` is for the check of a push (the deploy
 * workflow's `github.event.before`): the base is the branch's commit before the push, so every pushed commit is
 * checked, with a fallback said on its own line when the clone has no such commit (see pushBase); an empty SHA is no
 * push. The commits since the base are held to the pull request's revision-commit rule (Source: and Impact: lines),
 * and those on the first-parent line each to the version rules against its parent; the next lines say how many.
 */
const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: { root: { type: "string", default: "." }, base: { type: "string" }, before: { type: "string" } },
    strict: true,
  });
  if (values.base !== undefined && values.before !== undefined)
    throw new UsageError("--base and --before both name the base: give one");
  if (values.before !== undefined && !COMMIT_ID.test(values.before))
    throw new UsageError(`--before must be a full commit id (github.event.before) or empty, got "${values.before}"`);
  const base: BaseChoice & { note?: string } =
    values.base !== undefined
      ? { revision: values.base, description: `base: ${values.base} (given with --base)` }
      : values.before !== undefined
        ? await pushBase(values.root, values.before)
        : await defaultBase(values.root);
  if (base.note !== undefined) console.log(base.note);
  console.log(base.description);
  const commits = base.revision === undefined ? undefined : await commitsSince(values.root, base.revision);
  console.log(commitsLine(commits));
  const steps =
    base.revision === undefined ? undefined : await commitsSince(values.root, base.revision, { firstParent: true });
  if (steps !== undefined) console.log(stepsLine(steps));
  const report = await runChecks(values.root, {
    today: todayFromEnvironment(),
    ...(base.revision === undefined ? {} : { base: base.revision }),
    ...(commits === undefined || commits.length === 0 ? {} : { commits }),
    ...(steps === undefined ? {} : { steps }),
  });
  for (const line of findingLines(report)) console.log(line);
  console.log(summarizeEvidence(report));
  console.log(summarize(report));
  return report.problems.length === 0 ? 0 : 1;
};

runCommand("check", main, USAGE);
