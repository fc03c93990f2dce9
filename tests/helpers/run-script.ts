import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, writeFile } from "node:fs/promises";
import path from "node:path";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ScriptOptions {
  env?: NodeJS.ProcessEnv;
  /** The working directory; the project root when not given. */
  cwd?: string;
}

/**
 * The options by which a project command is told where the data it reads is: the repository (`--root`), a built tree
 * (`--site`, `--dir`), the published keys (`--keys`), a workflow's checkout (`--work-dir`). Each command resolves the
 * one it declares against its working directory when it is not given, so from the project's folder it would read the
 * live data (the working tree) whatever its default.
 */
const PLACE_OPTIONS = ["root", "site", "dir", "keys", "work-dir"] as const;

/** The folders of the project a test never reads: the live data, and the tree `npm run build` writes by default. */
const LIVE_FOLDERS = ["facts", "index-data", "reference", "keys", "_site"];

const within = (folder: string, place: string): boolean => {
  const relative = path.relative(folder, place);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
};

/**
 * The place options `script` declares, read from its `parseArgs` options (`root: { type: "string", default: "." }`),
 * each with whether it has a default: one without is derived from another (the build's `--keys` from `--root`).
 */
const declaredPlaces = (script: string): { name: string; defaulted: boolean }[] => {
  const source = readFileSync(path.join(PROJECT_ROOT, script), "utf8");
  return PLACE_OPTIONS.flatMap((name) => {
    const declared = new RegExp(`(?<![\\w-])["']?${name}["']?: \\{ type: "string"(, default:)?`).exec(source);
    return declared === null ? [] : [{ name, defaulted: declared[1] !== undefined }];
  });
};

/** The value of `--name` in `args` (`--name VALUE` or `--name=VALUE`), or undefined when it is not given. */
const givenValue = (args: string[], name: string): string | undefined => {
  for (const [index, arg] of args.entries()) {
    if (arg === `--${name}`) return args[index + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
};

/**
 * Refuses a run of a project command (`src/cli/*` or an action) that would read the project's live data instead of
 * the frozen copy or a fixture (docs/maintainers/test-data.md): run from the project's folder without naming its data
 * (each place option it declares, or for an action, which reads its working directory, a workspace of the test's), or
 * given a place that is the project itself or one of its live folders. This is what keeps a correct fact edit from
 * turning the suite red through a command whose default is the working tree.
 */
export const assertNamedData = (script: string, args: string[], cwd: string = PROJECT_ROOT): void => {
  const workingDirectory = path.resolve(PROJECT_ROOT, cwd);
  const places = declaredPlaces(script);
  const fromProject = within(PROJECT_ROOT, workingDirectory);
  if (fromProject && places.length === 0)
    throw new Error(
      `${script} reads its working directory; run it in a folder of the test's (cwd), not in the project's ${path.relative(PROJECT_ROOT, workingDirectory) || "root"}, so it reads the frozen copy or a fixture`,
    );
  for (const { name, defaulted } of places) {
    const given = givenValue(args, name);
    if (given === undefined) {
      if (fromProject && defaulted)
        throw new Error(
          `${script} run from the project's folder without --${name}: it would read the live data; give --${name} (the frozen copy, frozenData().root or frozenSite(), or a fixture)`,
        );
      continue;
    }
    const place = path.resolve(workingDirectory, given);
    if (place === PROJECT_ROOT || LIVE_FOLDERS.some((folder) => within(path.join(PROJECT_ROOT, folder), place)))
      throw new Error(
        `${script} --${name} ${given} names the project's live data; give the frozen copy (frozenData().root or frozenSite()) or a fixture`,
      );
  }
};

/**
 * The command line of one of the project's TypeScript entry points, run with the same Node that runs the tests as
 * `npm run` would, for a test that must start the process itself (to stream its output, or kill it); refused as
 * assertNamedData says. Every test starts a project command through this or runScript.
 */
export const projectCommand = (
  script: string,
  args: string[],
  cwd: string = PROJECT_ROOT,
): { command: string; args: string[]; cwd: string } => {
  assertNamedData(script, args, cwd);
  return { command: process.execPath, args: [path.join(PROJECT_ROOT, script), ...args], cwd };
};

/**
 * Runs one of the project's TypeScript entry points with the same Node that runs the tests, as `npm run` would, and
 * resolves with its exit code and output. Refused (before anything runs) when it would read the live data.
 */
export const runScript = (script: string, args: string[], options: ScriptOptions = {}): Promise<ScriptResult> =>
  new Promise((resolve, reject) => {
    const run = projectCommand(script, args, options.cwd);
    const child = spawn(run.command, run.args, {
      cwd: run.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });

/**
 * `npm run check` on the repository at `root` as of `today` (FACTS_TODAY): the one way a test runs the check command.
 * `base` or `before` pick the commits it reads, as `--base` and `--before` do; `env` adds to the environment.
 */
export const runCheck = (
  root: string,
  today: string,
  options: { base?: string; before?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ScriptResult> =>
  runScript(
    "src/cli/check.ts",
    [
      "--root",
      root,
      ...(options.base === undefined ? [] : ["--base", options.base]),
      ...(options.before === undefined ? [] : ["--before", options.before]),
    ],
    { env: { ...options.env, FACTS_TODAY: today } },
  );

/**
 * Writes `folder/npm`, a stand-in for npm in a workflow's shell steps run by a test: `npm run X -- args` runs the
 * project's entry point of that name under `src/cli/` with the Node that runs the tests, in the step's working
 * directory (the test's checkout). Like runScript it refuses to run in the project's own folder, where a command
 * would read the live data.
 */
export const writeNpmRunStandIn = async (folder: string): Promise<string> => {
  const npm = path.join(folder, "npm");
  const project = JSON.stringify(PROJECT_ROOT);
  await writeFile(
    npm,
    [
      "#!/usr/bin/env bash",
      `case "$PWD/" in ${project}/*) echo "npm stand-in: run in the project's folder, where the command would read the live data; run the step in the test's checkout" >&2; exit 70;; esac`,
      '[ "$1" = run ] || exit 64',
      'script="$2"; shift 2; [ "$1" = -- ] && shift',
      `exec ${JSON.stringify(process.execPath)} ${project}"/src/cli/$script.ts" "$@"`,
      "",
    ].join("\n"),
  );
  await chmod(npm, 0o755);
  return npm;
};
