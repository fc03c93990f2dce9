import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./run-script.ts";

/**
 * The frozen copy of the project's data that the data-dependent tests read instead of the live `facts/` (see
 * tests/tools/freeze-data.ts, `npm run freeze-test-data`): a git bundle of the data folders' history and the day the
 * tests take as today.
 */
export const FROZEN_DATA_DIR = path.join(PROJECT_ROOT, "tests/fixtures/frozen-data");
export const FROZEN_FOLDERS = ["facts", "index-data", "reference", "keys"] as const;
export const FROZEN_BRANCH = "frozen";
/** The public origin the shared build of the frozen data is made for. */
export const FROZEN_SITE_BASE_URL = "https://facts.example.org";

export interface FrozenData {
  /** The project commit the copy was taken from. */
  frozen_from: string;
  /** The fixed clock: the newest `retrieved_iso` of the frozen data, on which nothing in it is future or expired. */
  today: string;
}

export const readFrozenData = (): FrozenData =>
  JSON.parse(readFileSync(path.join(FROZEN_DATA_DIR, "frozen.json"), "utf8")) as FrozenData;

/** Unpacks the bundle into `target` (a new folder): a git repository with the data's history, checked out. */
export const unpackFrozenData = (target: string, bundle = path.join(FROZEN_DATA_DIR, "data.bundle")): void => {
  execFileSync("git", ["clone", "--quiet", "--branch", FROZEN_BRANCH, bundle, target], {
    stdio: ["ignore", "ignore", "inherit"],
  });
};

const REFRESH = "refresh it with npm run freeze-test-data (docs/maintainers/test-data.md)";

const gitText = (cwd: string, args: string[], input?: string): string =>
  execFileSync("git", args, { cwd, input, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["pipe", "pipe", "pipe"] });

const gitSucceeds = (cwd: string, args: string[]): boolean => {
  try {
    gitText(cwd, args);
    return true;
  } catch {
    return false;
  }
};

/** What each commit of a history says of itself (author, committer, dates, message), oldest first, with its id. */
const commitRecords = (cwd: string, tip: string, folders?: readonly string[]): { id: string; record: string }[] =>
  gitText(cwd, [
    "log",
    "--reverse",
    "-z",
    "--format=%H%x01%an <%ae> %ad%x01%cn <%ce> %cd%x01%B",
    "--date=raw",
    tip,
    ...(folders === undefined ? [] : ["--", ...folders]),
  ])
    .split("\0")
    .filter((entry) => entry !== "")
    .map((entry) => {
      const [id, ...rest] = entry.split("\x01");
      return { id: id!, record: rest.join("\n").trimEnd() };
    });

/** The object of each `commit:path` of `specs` (`missing` for a path the commit lacks), in one git process. */
const objectsOf = (cwd: string, specs: string[]): string[] =>
  gitText(cwd, ["cat-file", "--batch-check=%(objectname)"], `${specs.join("\n")}\n`)
    .trimEnd()
    .split("\n")
    .map((line) => (line.endsWith(" missing") ? "missing" : line));

/** The files of `folder` at `commit` as path → mode and blob, for naming the ones that differ. */
const filesOf = (cwd: string, commit: string, folder: string): Map<string, string> => {
  if (!gitSucceeds(cwd, ["cat-file", "-e", `${commit}:${folder}`])) return new Map();
  return new Map(
    gitText(cwd, ["ls-tree", "-r", "-z", `${commit}:${folder}`])
      .split("\0")
      .filter((line) => line !== "")
      .map((line) => {
        const [meta, file] = line.split("\t") as [string, string];
        return [`${folder}/${file}`, meta];
      }),
  );
};

/** The files of `folder` that differ between the project's `commit` and the copy's `frozen` (added, removed, changed). */
const differingFiles = (project: string, commit: string, copy: string, frozen: string, folder: string): string[] => {
  const ours = filesOf(project, commit, folder);
  const theirs = filesOf(copy, frozen, folder);
  return [...new Set([...ours.keys(), ...theirs.keys()])].filter((file) => ours.get(file) !== theirs.get(file)).sort();
};

/**
 * Refuses a frozen copy that is not what `npm run freeze-test-data` makes of the project's own history, so that no
 * change can hide in the binary bundle: `frozen_from` must be a commit of the project (a full clone: a shallow one
 * cannot tell) and an ancestor of HEAD, and the copy's history (`copy`, the unpacked bundle) must be, commit for
 * commit, the history of `facts/`, `index-data/`, `reference/` and `keys/` up to `frozen_from`: the same authors,
 * dates and messages, the same folders holding the same files, and nothing else. Throws an error naming the commit and
 * the file that differs, and saying to refresh the copy.
 */
export const verifyFrozenData = (project: string, copy: string, frozen: FrozenData): void => {
  const from = frozen.frozen_from;
  const where = `the frozen copy of the data (tests/fixtures/frozen-data)`;
  if (gitText(project, ["rev-parse", "--is-shallow-repository"]).trim() === "true")
    throw new Error(
      `${where} cannot be checked in a shallow clone: the check compares it with the project's history at frozen_from ${from}; fetch the whole history (git fetch --unshallow) and run the tests again`,
    );
  if (!/^[0-9a-f]{40}$/.test(from) || !gitSucceeds(project, ["cat-file", "-e", `${from}^{commit}`]))
    throw new Error(`${where} names frozen_from "${from}", which is no commit of this repository; ${REFRESH}`);
  if (!gitSucceeds(project, ["merge-base", "--is-ancestor", from, "HEAD"]))
    throw new Error(
      `${where} was taken from ${from}, which is not an ancestor of HEAD: it is not the data of this branch's history; ${REFRESH}`,
    );
  const ours = commitRecords(project, from, FROZEN_FOLDERS);
  const theirs = commitRecords(copy, FROZEN_BRANCH);
  const specs = (commits: { id: string }[]) =>
    commits.flatMap(({ id }) => FROZEN_FOLDERS.map((folder) => `${id}:${folder}`));
  // Anything outside the data folders, in any commit of the copy (one git process: a file added there shows in the log).
  const outside = gitText(copy, [
    "log",
    "--format=commit %h",
    "--name-only",
    FROZEN_BRANCH,
    "--",
    ".",
    ...FROZEN_FOLDERS.map((folder) => `:(exclude)${folder}`),
  ]).trim();
  if (outside !== "")
    throw new Error(
      `${where} holds files outside ${FROZEN_FOLDERS.join(", ")}: ${outside.split("\n").filter(Boolean).join(" ")}; ${REFRESH}`,
    );
  const ourTrees = objectsOf(project, specs(ours));
  const theirTrees = objectsOf(copy, specs(theirs));
  for (const [index, commit] of theirs.entries()) {
    const original = ours[index];
    const named = `commit ${index + 1} of the copy (${commit.id.slice(0, 12)})`;
    if (original === undefined)
      throw new Error(`${where}: ${named} has no counterpart in the project's history up to ${from}; ${REFRESH}`);
    if (commit.record !== original.record)
      throw new Error(
        `${where}: ${named} does not say what the project's commit ${original.id.slice(0, 12)} says (author, committer, date or message); ${REFRESH}`,
      );
    for (const [offset, folder] of FROZEN_FOLDERS.entries()) {
      const slot = index * FROZEN_FOLDERS.length + offset;
      if (ourTrees[slot] === theirTrees[slot]) continue;
      const files = differingFiles(project, original.id, copy, commit.id, folder);
      throw new Error(
        `${where}: ${named} differs from the project's commit ${original.id.slice(0, 12)} in ${files.length > 0 ? files.join(", ") : `${folder}/`}; ${REFRESH}`,
      );
    }
  }
  if (ours.length !== theirs.length)
    throw new Error(
      `${where} holds ${theirs.length} commits where the project's history of ${FROZEN_FOLDERS.join(", ")} up to ${from} has ${ours.length}; ${REFRESH}`,
    );
};
