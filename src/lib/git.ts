import { type ChildProcessByStdio, spawn } from "node:child_process";
import { realpath } from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { readUrlVariable, readVariable } from "./environment.ts";

/**
 * Starts git in `cwd`: the one place the project runs it. It never asks for a password (GIT_TERMINAL_PROMPT=0:
 * credentials travel in `environment`, never in arguments or a config file), and it fills its output buffer
 * before writing to the pipe (GIT_FLUSH=0) instead of flushing after every record, since every caller reads the
 * output as a stream or as a whole, never waiting on one record at a time.
 */
export const spawnGit = (
  cwd: string,
  args: readonly string[],
  environment: NodeJS.ProcessEnv = {},
): ChildProcessByStdio<Writable, Readable, Readable> =>
  spawn("git", args, {
    cwd,
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_FLUSH: "0", ...environment },
  });

/** What a finished git command printed, and how it exited. */
export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Runs one git command to its end, with `input` on its stdin; a non-zero exit is a result, not an error. */
export const gitResult = (
  cwd: string,
  args: readonly string[],
  options: { input?: string | Buffer; environment?: NodeJS.ProcessEnv } = {},
): Promise<GitResult> =>
  new Promise((resolve, reject) => {
    const child = spawnGit(cwd, args, options.environment);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ code: code ?? 1, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString("utf8") }),
    );
    child.stdin.on("error", reject);
    child.stdin.end(options.input);
  });

/** The error for a git command that exited non-zero, carrying git's own message. */
export const gitFailure = (args: readonly string[], code: number | null, stderr: string): Error =>
  new Error(`git ${args[0]} failed (exit ${code}): ${stderr.trim()}`);

/**
 * Runs one git command and returns its stdout as bytes; a non-zero exit becomes an error carrying git's own message.
 */
export const runGit = async (cwd: string, args: readonly string[], input?: string | Buffer): Promise<Buffer> => {
  const result = await gitResult(cwd, args, { input });
  if (result.code !== 0) throw gitFailure(args, result.code, result.stderr);
  return result.stdout;
};

/** Runs one git command with extra environment and returns its stdout as text; a non-zero exit becomes an error. */
export const gitText = async (
  cwd: string,
  args: readonly string[],
  environment: NodeJS.ProcessEnv = {},
): Promise<string> => {
  const result = await gitResult(cwd, args, { environment });
  if (result.code !== 0) throw gitFailure(args, result.code, result.stderr);
  return result.stdout.toString("utf8");
};

/** A running `git cat-file --batch`: ask for objects while other work is still producing their ids. */
export interface CatFileSession {
  request(objectId: string): void;
  /** Closes the request stream; resolves once every requested object has been handed to `onObject`. */
  finish(): Promise<void>;
}

/**
 * Starts one `git cat-file --batch` process; each object id is asked for once, however often it is requested.
 * Every object is handed to `onObject` as soon as its bytes are in, so the caller can work on it while git is
 * still reading the next ones, and nothing holds the whole output at once. An id git does not know fails the
 * session.
 */
export const openCatFileBatch = (
  cwd: string,
  onObject: (objectId: string, content: Buffer) => void,
): CatFileSession => {
  // --buffer: git writes its output when its buffer fills, not after every object, since nothing here waits for
  // one object's answer before asking for the next.
  const child = spawnGit(cwd, ["cat-file", "--batch", "--buffer"]);
  const stderr: Buffer[] = [];
  const requested = new Set<string>();
  let failure: Error | undefined;
  // Output not yet parsed: the start of an object whose bytes are still coming.
  let rest: Buffer = Buffer.alloc(0);

  /**
   * Hands over every complete `<id> <type> <size>\n<content>\n` record at the start of `output`; returns what remains.
   */
  const parse = (output: Buffer): Buffer => {
    let offset = 0;
    for (;;) {
      const headerEnd = output.indexOf(0x0a, offset);
      if (headerEnd < 0) break;
      const [id, type, size] = output.toString("latin1", offset, headerEnd).split(" ");
      if (type === "missing" || id === undefined || size === undefined)
        throw new Error(`git object ${id} is missing from the repository`);
      const start = headerEnd + 1;
      const end = start + Number(size);
      // The content and the newline after it.
      if (end + 1 > output.length) break;
      onObject(id, output.subarray(start, end));
      offset = end + 1;
    }
    return output.subarray(offset);
  };

  child.stdout.on("data", (chunk: Buffer) => {
    if (failure) return;
    try {
      rest = parse(rest.length === 0 ? chunk : Buffer.concat([rest, chunk]));
    } catch (error: unknown) {
      failure = error instanceof Error ? error : new Error(String(error));
      child.kill();
    }
  });
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  const closed = new Promise<void>((resolve, reject) => {
    child.on("error", reject);
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      // A process killed because its output was refused stops reading its input: that failure is the one to report.
      if (!failure) reject(error);
    });
    child.on("close", (code) => {
      if (failure) reject(failure);
      else if (code !== 0)
        reject(new Error(`git cat-file failed (exit ${code}): ${Buffer.concat(stderr).toString("utf8").trim()}`));
      else if (rest.length > 0)
        reject(new Error(`git cat-file output ended inside an object (${rest.length} bytes left)`));
      else resolve();
    });
  });
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length > 0 && !failure) child.stdin.write(`${pending.join("\n")}\n`);
    pending = [];
  };
  return {
    request(objectId) {
      if (requested.has(objectId)) return;
      requested.add(objectId);
      pending.push(objectId);
      if (pending.length >= 256) flush();
    },
    async finish() {
      flush();
      child.stdin.end();
      await closed;
    },
  };
};

/** Reads many objects through a single `git cat-file --batch`: one process however many blobs are asked for. */
export const catFileBatch = async (cwd: string, objectIds: Iterable<string>): Promise<Map<string, Buffer>> => {
  const contents = new Map<string, Buffer>();
  const session = openCatFileBatch(cwd, (id, content) => contents.set(id, content));
  for (const id of objectIds) session.request(id);
  await session.finish();
  return contents;
};

/** The refs tried, in order, as the default branch a contribution will be merged into. */
export const DEFAULT_BRANCH_REFS = ["origin/HEAD", "origin/main", "main"] as const;

/** The revision the version rules compare with when none is given, and a sentence saying how it was chosen. */
export interface BaseChoice {
  /** The full commit id; absent when there is no base to compare with. */
  revision?: string;
  description: string;
}

const commitOf = async (root: string, revision: string): Promise<string | undefined> => {
  const result = await gitResult(root, ["rev-parse", "--verify", "--quiet", `${revision}^{commit}`]);
  return result.code === 0 ? result.stdout.toString("utf8").trim() : undefined;
};

/** Whether facts/ has uncommitted changes, new files included: what a check on the default branch would compare. */
const hasFactEdits = async (root: string): Promise<boolean> => {
  const status = await gitResult(root, ["status", "--porcelain", "--untracked-files=all", "--", "facts"]);
  return status.code !== 0 || status.stdout.length > 0;
};

const short = (sha: string): string => sha.slice(0, 12);

/**
 * The base a local `npm run check` and `npm run fix` compare with, so that what a pull request will be refused for is
 * caught before it is opened: the merge-base of HEAD with the default branch (the first of origin/HEAD, origin/main
 * and main that exists), i.e. the commit the contribution started from. A clone with none of those refs compares with
 * HEAD~1 (the last commit is the contribution); a repository with one commit has nothing to compare with. On the
 * default branch itself the merge-base is HEAD: with uncommitted edits under facts/ those edits are what is compared;
 * without any, comparing HEAD with itself would find nothing, so the last commit is compared (HEAD~1), which catches a
 * revision committed on main without a version bump. `root` must be the top of the repository's work tree: a data
 * folder inside another repository (a test fixture) has no base.
 */
export const defaultBase = async (root: string): Promise<BaseChoice> => {
  const top = await gitResult(root, ["rev-parse", "--show-toplevel"]);
  if (top.code !== 0) return { description: "no base: not a git repository, so the version rules were not applied" };
  const [topPath, rootPath] = await Promise.all([
    realpath(top.stdout.toString("utf8").trim()),
    realpath(path.resolve(root)),
  ]);
  if (topPath !== rootPath)
    return {
      description:
        "no base: the folder checked is not the top of its git repository, so the version rules were not applied",
    };
  const head = await commitOf(root, "HEAD");
  if (head === undefined)
    return { description: "no base: the repository has no commit yet, so the version rules were not applied" };
  for (const ref of DEFAULT_BRANCH_REFS) {
    if ((await commitOf(root, ref)) === undefined) continue;
    const mergeBase = await gitResult(root, ["merge-base", "HEAD", ref]);
    if (mergeBase.code !== 0) continue;
    const revision = mergeBase.stdout.toString("utf8").trim();
    if (revision === head && !(await hasFactEdits(root))) {
      const parent = await commitOf(root, "HEAD~1");
      if (parent !== undefined) {
        return {
          revision: parent,
          description: `base: ${short(parent)}, HEAD~1 (the merge-base of HEAD and ${ref} is HEAD itself and facts/ has no uncommitted edits, so the last commit is compared)`,
        };
      }
    }
    const where =
      revision === head ? "HEAD itself, so uncommitted edits are compared" : `where this branch left ${ref}`;
    return { revision, description: `base: ${short(revision)}, the merge-base of HEAD and ${ref} (${where})` };
  }
  const parent = await commitOf(root, "HEAD~1");
  if (parent === undefined)
    return { description: "no base: HEAD is the repository's only commit, so the version rules were not applied" };
  return {
    revision: parent,
    description: `base: ${short(parent)}, HEAD~1 (no ${DEFAULT_BRANCH_REFS.join(", ")} in this clone, so the last commit and uncommitted edits are compared)`,
  };
};

/**
 * Fetches one commit by its id from `origin`, when the clone does not hold it: after a force push no branch holds the
 * branch's old commit, so a clone of every branch lacks it, while GitHub still serves it by its id. Never prompts for
 * credentials (spawnGit sets GIT_TERMINAL_PROMPT=0); undefined when it could not be fetched.
 */
const fetchCommit = async (root: string, sha: string): Promise<string | undefined> => {
  const fetched = await gitResult(root, ["fetch", "--quiet", "--no-tags", "origin", sha]);
  return fetched.code === 0 ? commitOf(root, sha) : undefined;
};

/** The all-zero id GitHub sends as a push's `before` when the push created the branch. */
const NO_COMMIT = /^0+$/;

/**
 * The base of the check of a push: `before`, the commit the branch pointed at before it (`github.event.before`), so
 * that the comparison spans every pushed commit and each of them is checked on its own. When the clone has no such
 * commit, the check falls back to defaultBase (on the default branch: the last commit against its parent, as every
 * push was checked before), which still checks what the branch holds now, and `note` says why: a push that created
 * the branch (GitHub sends the all-zero id), or a force push whose `before` is missing from the clone. A force push
 * whose `before` the clone holds (no ancestor of HEAD) is checked from the merge-base of `before` and HEAD, where
 * the pushed commits start, and `note` says so. An empty `before` is no push at all (a scheduled or manual run):
 * defaultBase, with no note.
 */
export const pushBase = async (root: string, before: string): Promise<BaseChoice & { note?: string }> => {
  if (before === "") return defaultBase(root);
  const fallback = async (why: string) => ({
    ...(await defaultBase(root)),
    note: `push: ${why}, so the pushed commits cannot be listed and the check falls back to its default base`,
  });
  if (NO_COMMIT.test(before)) return fallback("the push created the branch (before is the all-zero id)");
  const revision = (await commitOf(root, before)) ?? (await fetchCommit(root, before));
  if (revision === undefined)
    return fallback(
      `${short(before)}, the branch's commit before the push, is not in this clone and could not be fetched from origin (a force push replaced it, or the clone is shallow)`,
    );
  // A force push leaves the old commit off the branch: its state is not where the pushed commits start, so comparing
  // with it would report what the push dropped, not what it brought. The pushed commits start where the old and new
  // histories part, their merge-base: every commit the push put on the branch is after it.
  if ((await gitResult(root, ["merge-base", "--is-ancestor", revision, "HEAD"])).code !== 0) {
    const mergeBase = await gitResult(root, ["merge-base", revision, "HEAD"]);
    if (mergeBase.code !== 0)
      return fallback(
        `${short(revision)}, the branch's commit before the push, shares no history with HEAD (a force push replaced the whole branch)`,
      );
    const parted = mergeBase.stdout.toString("utf8").trim();
    return {
      revision: parted,
      description: `base: ${short(parted)}, the merge-base of HEAD and the branch's commit before the push, so every commit the push brought is checked`,
      note: `push: ${short(revision)}, the branch's commit before the push, is not an ancestor of HEAD (a force push), so the check starts where the two histories part`,
    };
  }
  return {
    revision,
    description: `base: ${short(revision)}, the branch's commit before the push (given with --before), so every pushed commit is checked`,
  };
};

/** The identity the project's automation commits as: the GitHub Actions bot, which GitHub shows as the author. */
const BOT_IDENTITY = [
  "-c",
  "user.name=github-actions[bot]",
  "-c",
  "user.email=41898282+github-actions[bot]@users.noreply.github.com",
];

/** Where and how the bot pushes: the workflow token, and the GitHub server it is for (`GITHUB_SERVER_URL`). */
export interface BotPush {
  /** Empty or absent: git pushes unauthenticated (a public read, or a local remote in tests). */
  token?: string;
  serverUrl?: string;
}

/**
 * Environment that makes git send the workflow token to the GitHub server, through GIT_CONFIG_* variables so the
 * token is in no command line, no `.git/config` and no file left behind.
 */
export const gitAuthEnvironment = ({ token, serverUrl }: BotPush): NodeJS.ProcessEnv => {
  if (!token) return {};
  const key = serverUrl ? `http.${serverUrl.replace(/\/+$/, "")}/.extraheader` : "http.extraheader";
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: key,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`,
  };
};

/** The bot's push for a command run by a workflow: the workflow token (GITHUB_TOKEN) for GITHUB_SERVER_URL. */
export const botPushFromEnvironment = (): BotPush => ({
  token: readVariable("GITHUB_TOKEN"),
  serverUrl: readUrlVariable("GITHUB_SERVER_URL")?.href,
});

/**
 * Commits as the bot what changed in `paths` (everything when none are named) and returns the new commit, or
 * undefined when nothing changed. The one way the project's automation commits: promotions, the index proposal, the
 * state branch.
 */
export const commitAsBot = async (
  cwd: string,
  message: string,
  paths: readonly string[] = [],
): Promise<string | undefined> => {
  await gitText(cwd, paths.length > 0 ? ["add", "--", ...paths] : ["add", "-A"]);
  if ((await gitText(cwd, ["status", "--porcelain", "--", ...paths])).trim() === "") return undefined;
  await gitText(cwd, [...BOT_IDENTITY, "commit", "-q", "-m", message, ...(paths.length > 0 ? ["--", ...paths] : [])]);
  return (await gitText(cwd, ["rev-parse", "HEAD"])).trim();
};

/**
 * Pushes HEAD to `branch` of `origin` with the bot's token; a rejected push is a result (the caller decides), not an
 * error. `force` replaces the branch: only for a branch the bot alone writes and remakes each time (the index
 * proposal).
 */
export const pushAsBot = (
  cwd: string,
  branch: string,
  push: BotPush,
  options: { force?: boolean } = {},
): Promise<GitResult> =>
  gitResult(
    cwd,
    ["push", "-q", ...(options.force === true ? ["--force"] : []), "origin", `HEAD:refs/heads/${branch}`],
    {
      environment: gitAuthEnvironment(push),
    },
  );

/**
 * Replays this clone's commits as the bot on `branch` as fetched now, after another run pushed first. Returns the
 * files both sides changed, with the rebase aborted, when they conflict; an empty list once replayed.
 */
export const rebaseAsBot = async (cwd: string, branch: string, push: BotPush): Promise<string[]> => {
  await gitText(
    cwd,
    ["fetch", "-q", "--no-tags", "origin", `+refs/heads/${branch}:refs/remotes/origin/${branch}`],
    gitAuthEnvironment(push),
  );
  if ((await gitResult(cwd, [...BOT_IDENTITY, "rebase", "-q", `refs/remotes/origin/${branch}`])).code === 0) return [];
  const conflicts = (await gitText(cwd, ["diff", "--name-only", "--diff-filter=U"])).trim().split("\n").filter(Boolean);
  await gitResult(cwd, ["rebase", "--abort"]);
  return conflicts.length > 0 ? conflicts : ["the same state"];
};
