import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll } from "vitest";
import { GLOSSARY_FILE } from "../../../src/model/reference.ts";
import { SEARCH_ALIASES_FILE } from "../../../src/model/search-aliases.ts";
import { factValue } from "../../helpers/fact-values.ts";
import { frozenData } from "../../helpers/frozen-copy.ts";
import { type FactSeed, factJson } from "../../helpers/git-repo.ts";
import { LIMITS } from "../../helpers/limits.ts";
import { PROJECT_ROOT } from "../../helpers/run-script.ts";

const exec = promisify(execFile);

/** The date the workflows' steps take as today (FACTS_TODAY), so the fixture facts never lapse. */
export const WORKFLOW_TODAY = "2026-11-28";

/** A whole workflow runs many processes: the limit of a long test (tests/helpers/limits.ts). */
export const RUN_TIMEOUT_MS = LIMITS.longTest;

/** The fact the workflow tests revise: the home buyer rescission period at v1. */
export const HBRP: FactSeed = { id: "bc.hbrp", domain: "legal", value: factValue("bc.hbrp") };

/** The repositories of this test file, removed when its tests are done (a hook registered in beforeAll never runs). */
const created: string[] = [];
afterAll(async () => {
  await Promise.all(created.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** Every key of a fact value, at any depth: the glossary entries a fixture needs. */
const valueKeys = (value: unknown, keys = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const item of value) valueKeys(item, keys);
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      valueKeys(item, keys);
    }
  return keys;
};

/**
 * A repository of this project for a workflow run: its code, workflows and actions as they are in this working tree
 * (tests, benchmarks and facts left out; index-data/, reference/ and keys/ from the frozen copy of the data), the
 * test's facts instead of the project's, the glossary entries those facts use, and a bare origin to push to. It lives until the test file ends, so the tests of one file share it.
 */
export const createWorkflowRepository = async (seeds: FactSeed[]) => {
  const parent = await mkdtemp(path.join(os.tmpdir(), "facts-workflow-"));
  created.push(parent);
  const root = path.join(parent, "work");
  const origin = path.join(parent, "origin.git");
  const listed = await exec("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: PROJECT_ROOT,
    maxBuffer: 1 << 24,
  });
  const files = listed.stdout
    .split("\0")
    .filter((file) => file !== "" && !/^(tests|bench|facts|index-data|reference|keys)\//.test(file))
    .filter((file) => existsSync(path.join(PROJECT_ROOT, file)));
  await Promise.all(files.map((file) => cp(path.join(PROJECT_ROOT, file), path.join(root, file))));
  // The data folders beside the test's facts come from the frozen copy, never the live ones (tests/helpers/frozen-data.ts).
  for (const folder of ["index-data", "reference", "keys"])
    await cp(path.join(frozenData().root, folder), path.join(root, folder), { recursive: true });
  const glossary = JSON.parse(await readFile(path.join(frozenData().root, GLOSSARY_FILE), "utf8"));
  const used = valueKeys(seeds.map((seed) => seed.value));
  glossary.keys = Object.fromEntries(Object.entries(glossary.keys).filter(([key]) => used.has(key)));
  await writeFile(path.join(root, GLOSSARY_FILE), `${JSON.stringify(glossary, null, 2)}\n`);
  // The search aliases cut to the test's facts, as the glossary is: an alias leading to a fact the repository lacks is
  // a problem of the check.
  const aliasFile = path.join(root, SEARCH_ALIASES_FILE);
  const searchAliases = JSON.parse(await readFile(aliasFile, "utf8")) as Record<string, { facts: string[] }[]>;
  const ids = new Set(seeds.map((seed) => seed.id));
  for (const [section, groups] of Object.entries(searchAliases))
    searchAliases[section] = groups
      .map((group) => ({ ...group, facts: group.facts.filter((id) => ids.has(id)) }))
      .filter((group) => group.facts.length > 0);
  await writeFile(aliasFile, `${JSON.stringify(searchAliases, null, 2)}\n`);

  let tick = 0;
  const git = async (...args: string[]): Promise<string> => {
    // Distinct, increasing commit dates before WORKFLOW_TODAY keep the history deterministic.
    const date = new Date(Date.UTC(2026, 0, 1) + tick++ * 60_000).toISOString();
    const { stdout } = await exec("git", args, {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: parent,
        GIT_CONFIG_NOSYSTEM: "1",
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
      maxBuffer: 1 << 26,
    });
    return stdout.trim();
  };
  const writeFact = async (seed: FactSeed): Promise<string> => {
    const file = `facts/${seed.domain ?? "tax"}/${seed.id}.json`;
    await mkdir(path.join(root, path.dirname(file)), { recursive: true });
    await writeFile(path.join(root, file), `${JSON.stringify(factJson(seed), null, 2)}\n`);
    return file;
  };
  const commit = async (message: string): Promise<string> => {
    await git("add", "-A");
    await git("commit", "-q", "-m", message);
    return git("rev-parse", "HEAD");
  };

  await git("init", "-q", "-b", "main");
  await git("config", "user.name", "Test Contributor");
  await git("config", "user.email", "contributor@example.org");
  await git("config", "commit.gpgsign", "false");
  for (const seed of seeds) await writeFact(seed);
  await commit("The project with the test's facts");
  await exec("git", ["init", "-q", "--bare", "-b", "main", origin]);
  await git("push", "-q", origin, "main");

  /**
   * A pull request from branch `pr-<number>` with one commit made by `edit`: pushed to the origin with the merge
   * commit GitHub tests (`refs/pull/<number>/merge`, the base merged with the head).
   */
  const openPullRequest = async (number: number, message: string, edit: () => Promise<unknown>) => {
    const branch = `pr-${number}`;
    const base = await git("rev-parse", "main");
    await git("checkout", "-q", "-b", branch, "main");
    await edit();
    const head = await commit(message);
    await git("checkout", "-q", "--detach", "main");
    await git("merge", "-q", "--no-ff", "-m", `Merge ${head} into ${base}`, head);
    const merge = await git("rev-parse", "HEAD");
    await git("checkout", "-q", "main");
    await git("push", "-q", origin, `${branch}:refs/heads/${branch}`, `${merge}:refs/pull/${number}/merge`);
    return { branch, base, head, merge, message };
  };

  /** Merges a pull request into main with a merge commit, as GitHub's merge button does, and pushes main. */
  const mergePullRequest = async (branch: string) => {
    const before = await git("rev-parse", "main");
    await git("merge", "-q", "--no-ff", "-m", `Merge branch ${branch}`, branch);
    const after = await git("rev-parse", "HEAD");
    await git("push", "-q", origin, "main");
    return { before, after };
  };

  /** Runs git in the bare origin. */
  const originGit = async (...args: string[]): Promise<string> =>
    (await exec("git", ["--git-dir", origin, ...args], { maxBuffer: 1 << 26 })).stdout.trim();

  return { parent, root, origin, git, writeFact, commit, openPullRequest, mergePullRequest, originGit };
};
export type WorkflowRepository = Awaited<ReturnType<typeof createWorkflowRepository>>;

/** The workflow file of this working tree, by name. */
export const workflowFile = (name: string): string => path.join(PROJECT_ROOT, ".github/workflows", name);
