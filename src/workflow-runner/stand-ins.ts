import { createHash } from "node:crypto";
import { access, appendFile, cp, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { gitText } from "../lib/git.ts";
import { type JobState, type RunSetup, runProgram } from "./run-context.ts";

/** What a stand-in is given: the run, the job, the step's inputs (`with:`) and its environment. */
export interface StandInCall {
  run: RunSetup;
  job: JobState;
  inputs: Record<string, string>;
  env: Record<string, string>;
}

export interface StandInResult {
  ok: boolean;
  output: string;
  outputs: Record<string, string>;
}

export interface StandIn {
  /** The third-party action (`owner/name`, any version) or the command it stands in for. */
  replaces: string;
  /** What it does here instead, in a sentence: this table is what docs/maintainers/workflow-runner.md lists. */
  does: string;
  /** Runs it; absent for a stand-in that is not a step (the npm on PATH, the API's address). */
  run?: (call: StandInCall) => Promise<StandInResult>;
}

const done = (output: string, outputs: Record<string, string> = {}): StandInResult => ({ ok: true, output, outputs });
const failed = (output: string): StandInResult => ({ ok: false, output: `::error::${output}\n`, outputs: {} });

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

/** The lines of a multi-line input (`path:`, `subject-path:`), blank ones left out. */
const lines = (value: string | undefined): string[] =>
  (value ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The characters GitHub refuses in an artifact's name (the artifact client's list: `"`, `:`, `<`, `>`, `|`, `*`, `?`,
 * carriage return, line feed, `\\` and `/`), with `.` and `..`, which would name a folder rather than an artifact.
 */
const badArtifactName = (name: string): boolean => /[":<>|*?\r\n\\/]/.test(name) || name === "." || name === "..";

/**
 * The folder of one artifact of one run. A run id is a number, and an artifact's name holds no path separator, so
 * nothing a workflow passes can reach outside the artifact folder (`run-id: ../x` is refused, not followed).
 */
const artifactFolder = (run: RunSetup, runId: string, name?: string): string => {
  if (!/^\d+$/.test(runId)) throw new Error(`run-id ${JSON.stringify(runId)} is not a run id: a run id is a number`);
  if (name !== undefined && badArtifactName(name))
    throw new Error(
      `the artifact name ${JSON.stringify(name)} is not valid: it holds one of " : < > | * ? \\ / or a line break, or is . or ..`,
    );
  return name === undefined ? path.join(run.artifactsDir, runId) : path.join(run.artifactsDir, runId, name);
};

/** A clone of the origin at the event's commit, as actions/checkout leaves it. */
const checkout = async ({ run, job, inputs }: StandInCall): Promise<StandInResult> => {
  if (inputs.repository && inputs.repository !== run.repository)
    return failed(
      `actions/checkout stand-in: only the run's own repository (${run.repository}) can be checked out, not ${inputs.repository}`,
    );
  const target = path.resolve(job.workspace, inputs.path || ".");
  const depth = Number(inputs["fetch-depth"] || "1");
  const ref = !inputs.ref ? run.ref : inputs.ref.startsWith("refs/") ? inputs.ref : `refs/heads/${inputs.ref}`;
  const branch = /^refs\/heads\/(.+)$/.exec(ref)?.[1];
  // Where actions/checkout keeps the fetched ref: origin/<branch> for a branch, pull/<n>/merge for a pull request.
  const tracking = branch ? `refs/remotes/origin/${branch}` : ref.replace(/^refs\/(?!tags\/)/, "refs/remotes/");
  await mkdir(target, { recursive: true });
  const git = (...args: string[]) => gitText(target, args, { HOME: job.home, GIT_CONFIG_NOSYSTEM: "1" });
  await git("init", "-q");
  await git("remote", "add", "origin", `file://${path.resolve(run.origin)}`);
  if (depth === 0) {
    await git("fetch", "-q", "--prune", "origin", "+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*");
    if (!branch && !ref.startsWith("refs/tags/")) await git("fetch", "-q", "origin", `+${ref}:${tracking}`);
  } else {
    await git("fetch", "-q", "--no-tags", `--depth=${depth}`, "origin", `+${ref}:${tracking}`);
  }
  const commit = inputs.ref ? tracking : run.sha;
  if (branch) await git("checkout", "-q", "-B", branch, commit);
  else await git("checkout", "-q", "--detach", commit);
  const head = (await git("rev-parse", "HEAD")).trim();
  const shallow = (await git("rev-parse", "--is-shallow-repository")).trim() === "true";
  return done(
    `checkout (stand-in): ${ref} at ${head} from ${run.origin} into ${target}, ${shallow ? `shallow (depth ${depth})` : "full history"}; no credentials kept\n`,
    { ref, commit: head },
  );
};

const setupNode = async ({ inputs }: StandInCall): Promise<StandInResult> => {
  const wanted = inputs["node-version"] ?? "";
  const major = process.versions.node.split(".")[0];
  if (wanted && wanted.split(".")[0] !== major)
    return failed(
      `actions/setup-node stand-in: the workflow asks for Node ${wanted}, the runner has Node ${process.version}`,
    );
  return done(`setup-node (stand-in): Node ${process.version} is first on PATH (${process.execPath})\n`, {
    "node-version": process.version,
  });
};

/** Copies each path into the artifact, relative to their common folder, as actions/upload-artifact stores them. */
const storeArtifact = async (run: RunSetup, name: string, sources: string[]): Promise<string> => {
  const folder = artifactFolder(run, run.runId, name);
  if (await exists(folder)) throw new Error(`an artifact named "${name}" was already uploaded in this run`);
  const roots = await Promise.all(
    sources.map(async (source) => ((await stat(source)).isDirectory() ? source : path.dirname(source))),
  );
  const common = roots.reduce((shared, root) => {
    while (path.relative(shared, root).startsWith("..")) shared = path.dirname(shared);
    return shared;
  });
  await mkdir(folder, { recursive: true });
  for (const source of sources) await cp(source, path.join(folder, path.relative(common, source)), { recursive: true });
  return folder;
};

const uploadArtifact = async ({ run, job, inputs }: StandInCall): Promise<StandInResult> => {
  const name = inputs.name || "artifact";
  const paths = lines(inputs.path).map((entry) => path.resolve(job.workspace, entry));
  if (paths.some((entry) => /[*?[]/.test(entry)))
    return failed(`actions/upload-artifact stand-in: path patterns are not supported, name the files or folders`);
  const found = (await Promise.all(paths.map(async (entry) => ((await exists(entry)) ? entry : undefined)))).filter(
    (entry) => entry !== undefined,
  );
  if (found.length === 0) {
    const message = `no files were found with the provided path: ${inputs.path ?? ""}`;
    if (inputs["if-no-files-found"] === "error") return failed(`actions/upload-artifact stand-in: ${message}`);
    return done(`upload-artifact (stand-in): ${message}; no artifact uploaded\n`);
  }
  const folder = await storeArtifact(run, name, found);
  return done(`upload-artifact (stand-in): ${found.join(", ")} stored as artifact "${name}" in ${folder}\n`, {
    "artifact-id": `${run.runId}-${name}`,
    "artifact-url": `file://${folder}`,
  });
};

const downloadArtifact = async ({ run, job, inputs }: StandInCall): Promise<StandInResult> => {
  const runId = inputs["run-id"] || run.runId;
  const target = path.resolve(job.workspace, inputs.path || ".");
  // Throws, naming the workflow, job and step through the runner, for a run id or a name that is not one.
  if (inputs.name) artifactFolder(run, runId, inputs.name);
  const runFolder = artifactFolder(run, runId);
  const names = inputs.name ? [inputs.name] : (await exists(runFolder)) ? await readdir(runFolder) : [];
  const copied: string[] = [];
  for (const name of names) {
    const folder = artifactFolder(run, runId, name);
    if (!(await exists(folder)))
      return failed(`actions/download-artifact stand-in: run ${runId} has no artifact named "${name}"`);
    await cp(folder, inputs.name ? target : path.join(target, name), { recursive: true });
    copied.push(name);
  }
  return done(`download-artifact (stand-in): ${copied.join(", ") || "no artifact"} of run ${runId} into ${target}\n`, {
    "download-path": target,
  });
};

/** The tar actions/upload-pages-artifact makes (same tar command and exclusions), uploaded as its artifact. */
const uploadPagesArtifact = async ({ run, job, inputs, env }: StandInCall): Promise<StandInResult> => {
  const source = path.resolve(job.workspace, inputs.path || "_site/");
  const tarFile = path.join(job.temp, "artifact.tar");
  const hidden = inputs["include-hidden-files"] === "true" ? [] : ["--exclude=.[^/]*"];
  const tar = await runProgram(
    "tar",
    [
      "--dereference",
      "--hard-dereference",
      "--directory",
      source,
      "-cf",
      tarFile,
      "--exclude=.git",
      "--exclude=.github",
      ...hidden,
      ".",
    ],
    { cwd: job.workspace, env },
  );
  if (tar.code !== 0) return failed(`actions/upload-pages-artifact stand-in: tar of ${source} failed: ${tar.output}`);
  const name = inputs.name || "github-pages";
  const folder = await storeArtifact(run, name, [tarFile]);
  return done(`upload-pages-artifact (stand-in): ${source} as ${folder}/artifact.tar\n`, {
    artifact_id: `${run.runId}-${name}`,
  });
};

/** Publishes the Pages artifact's tar into the pages folder: what GitHub Pages would serve. */
const deployPages = async ({ run, job, inputs, env }: StandInCall): Promise<StandInResult> => {
  const name = inputs.artifact_name || "github-pages";
  const tarFile = path.join(artifactFolder(run, run.runId, name), "artifact.tar");
  if (!(await exists(tarFile))) return failed(`actions/deploy-pages stand-in: this run uploaded no artifact "${name}"`);
  await mkdir(run.pagesDir, { recursive: true });
  if ((await readdir(run.pagesDir)).length > 0)
    return failed(`actions/deploy-pages stand-in: ${run.pagesDir} is not empty; give an empty or new folder`);
  const tar = await runProgram("tar", ["--extract", "--file", tarFile, "--directory", run.pagesDir], {
    cwd: job.workspace,
    env,
  });
  if (tar.code !== 0) return failed(`actions/deploy-pages stand-in: extracting ${tarFile} failed: ${tar.output}`);
  const [owner, repo] = run.repository.split("/");
  return done(`deploy-pages (stand-in): artifact "${name}" published into ${run.pagesDir}\n`, {
    page_url: `https://${owner}.github.io/${repo}/`,
  });
};

/** Records each subject's path and SHA-256 (what the attestation would certify) without signing anything. */
const attestBuildProvenance = async ({ run, job, inputs }: StandInCall): Promise<StandInResult> => {
  const subjects: { path: string; sha256: string }[] = [];
  for (const entry of lines(inputs["subject-path"])) {
    const file = path.resolve(job.workspace, entry);
    if (!(await exists(file))) return failed(`actions/attest-build-provenance stand-in: no subject at ${entry}`);
    subjects.push({
      path: entry,
      sha256: createHash("sha256")
        .update(await readFile(file))
        .digest("hex"),
    });
  }
  if (subjects.length === 0) return failed("actions/attest-build-provenance stand-in: no subject-path given");
  await appendFile(
    run.attestationsFile,
    subjects.map((subject) => `${JSON.stringify({ job: job.id, ...subject })}\n`).join(""),
  );
  const bundle = path.join(job.temp, "attestation.json");
  await writeFile(bundle, `${JSON.stringify({ unsigned: true, subjects }, null, 2)}\n`);
  return done(
    `attest-build-provenance (stand-in, unsigned): ${subjects.map((subject) => `${subject.path} sha256:${subject.sha256}`).join(", ")}\n`,
    { "bundle-path": bundle },
  );
};

/**
 * Every stand-in of the runner, in one table: each third-party action a workflow may use, and what replaces the
 * outside world. A `uses:` of any other third-party action fails its step, naming it.
 */
export const STAND_INS: readonly StandIn[] = [
  {
    replaces: "actions/checkout",
    does: "initialises the workspace as a clone of the origin at the event's commit (or the `ref` input), on a local branch for a branch ref: `fetch-depth: 0` fetches every branch and tag, any other depth only that ref, that deep; nothing is kept of credentials, since a local origin needs none",
    run: checkout,
  },
  {
    replaces: "actions/setup-node",
    does: "checks that the Node asked for has the major version of the Node running the runner, which is already first on PATH",
    run: setupNode,
  },
  {
    replaces: "npm ci",
    does: "the `npm` first on every step's PATH links the installed node_modules (the project's own, or `--dependencies`) into the checkout instead of downloading; it refuses every other command that would install or remove packages, so nothing can change the linked tree, and passes the rest (`npm run`, `npm exec`…) to the real npm",
  },
  {
    replaces: "actions/upload-artifact",
    does: "copies the named files or folders into the run's artifact folder (`--artifacts`), one folder per run id and artifact name",
    run: uploadArtifact,
  },
  {
    replaces: "actions/download-artifact",
    does: "copies an artifact of this run, or of the run named by `run-id`, from the artifact folder into `path`",
    run: downloadArtifact,
  },
  {
    replaces: "actions/upload-pages-artifact",
    does: "makes the same artifact.tar with the same tar command and exclusions, and stores it as the artifact `github-pages`",
    run: uploadPagesArtifact,
  },
  {
    replaces: "actions/deploy-pages",
    does: "extracts the run's `github-pages` artifact.tar into the pages folder (`--pages-dir`), which must be empty or new",
    run: deployPages,
  },
  {
    replaces: "actions/attest-build-provenance",
    does: "prints each subject's path and SHA-256 and appends them to attestations.jsonl in the run folder; nothing is signed",
    run: attestBuildProvenance,
  },
  {
    replaces: "GitHub's REST API",
    does: "steps get GITHUB_API_URL and the token from `--api-url` and `--token` (the tests start a loopback stand-in)",
  },
];

/** The stand-in of a `uses:` naming a third-party action, or undefined when the table has none. */
export const standInFor = (uses: string): StandIn | undefined => {
  const action = uses.split("@")[0]!.toLowerCase();
  return STAND_INS.find((entry) => entry.replaces === action && entry.run !== undefined);
};

/** `text` as one bash word that nothing in it can end or expand: single-quoted, each `'` written as `'\''`. */
const shellQuoted = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The `npm` put first on every step's PATH (the npm ci stand-in above). The link it makes is the only change to a
 * checkout's node_modules it allows: `npm ci`, `npm install` and the like would delete or rewrite the linked tree.
 */
export const npmStandIn = (realNpm: string, dependencies: string): string => `#!/usr/bin/env bash
# The workflow runner's stand-in for dependency installs (src/workflow-runner/stand-ins.ts).
set -euo pipefail
real_npm=${shellQuoted(realNpm)}
dependencies=${shellQuoted(dependencies)}
case "\${1:-}" in
  ci)
    if [ -e node_modules ] && [ ! -L node_modules ]; then
      echo "npm ci (stand-in): $(pwd)/node_modules exists and is not the runner's link; it is left alone" >&2
      exit 1
    fi
    rm -f node_modules
    ln -s "$dependencies" node_modules
    echo "npm ci (stand-in): linked the installed dependencies $dependencies into $(pwd)/node_modules; nothing downloaded"
    ;;
  run | run-script | exec | x | test | start | version | --version | -v | prefix | root | config | view)
    exec "$real_npm" "$@"
    ;;
  *)
    echo "npm \${1:-}: not run by the workflow runner, whose checkouts link the project's own node_modules" >&2
    exit 1
    ;;
esac
`;
