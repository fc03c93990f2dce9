import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { readFactHistory } from "../src/derive/fact-history.ts";
import { catFileBatch, runGit } from "../src/lib/git.ts";
import { fastImport, type SyntheticCommit } from "./synthetic-repository.ts";

/**
 * History engine against the git floor: the time git itself needs to list every change to facts/
 * (`git log --raw`) and hand over every blob it lists (`git cat-file --batch`). Targets:
 * engine ≤ 1.5 × floor at 5,000 facts × 10 revisions, and 10× the history costs ≤ 10.5× the time.
 */
const REVISIONS = 10;
/**
 * Each figure is the fastest of this many runs: interference only ever adds time, so more runs give a steadier minimum.
 */
const RUNS = 9;
/**
 * git compares a changed folder entry by entry, so a folder that grows with the catalog makes git's own log cost grow
 * faster than the history (measured with the pathspec form of the log: one flat folder took the floor from 0.6 s to
 * 40 s for 10× the facts, and folders of 50 files under one growing parent still gave 12.6×). Every folder here is
 * bounded: 50 files per leaf, 10 leaves per parent. git then grows nearly with the history, though not quite: the
 * larger tree has one more level to compare at every commit and a pack that outgrows the CPU cache, and `git log`
 * alone takes about 10.7× the time for 10× the history here.
 */
const FILES_PER_FOLDER = 50;
const FOLDERS_PER_PARENT = 10;
const factPath = (index: number): string => {
  const leaf = Math.floor(index / FILES_PER_FOLDER);
  return `facts/group_${Math.floor(leaf / FOLDERS_PER_PARENT)}/shard_${leaf}/bc.bench.fact_${index}.json`;
};

const factText = (index: number, revision: number): string =>
  `${JSON.stringify(
    {
      id: `bc.bench.fact_${index}`,
      label: `Benchmark fact ${index}`,
      description: "A synthetic fact with a realistic size and shape for the history benchmark.",
      domain: "tax",
      value: [
        { upper: 200000 + revision, rate: 0.01 },
        { upper: 2000000, rate: 0.02 },
        { upper: null, rate: 0.03 },
      ],
      unit: "CAD-bracket-array",
      version: revision,
      effective_iso: `20${String(10 + revision).padStart(2, "0")}-01-01`,
      expires_iso: "2027-05-20",
      tags: ["cadence:stable", "bench"],
      citations: [
        {
          url: "https://www2.gov.bc.ca/gov/content/taxes",
          org: "BC Ministry of Finance",
          title: "Benchmark source",
          retrieved_iso: "2026-11-21",
        },
      ],
      superseded_by: null,
    },
    null,
    2,
  )}\n`;

/** Builds a repository of `facts` × `revisions` commits, one fact file changed per commit, with git fast-import. */
const syntheticRepository = async (facts: number, revisions: number): Promise<string> => {
  const root = await mkdtemp(path.join(os.tmpdir(), `history-bench-${facts}-`));
  await runGit(root, ["init", "-q", "-b", "main"]);
  function* commits(): Generator<SyntheticCommit> {
    let time = 1_600_000_000;
    for (let revision = 1; revision <= revisions; revision++) {
      for (let index = 0; index < facts; index++) {
        yield {
          message: `bc.bench.fact_${index} v${revision}: synthetic revision (effective 20${10 + revision}-01-01)\n`,
          seconds: time++,
          files: [{ path: factPath(index), content: factText(index, revision) }],
        };
      }
    }
  }
  await fastImport(root, commits());
  return root;
};

/**
 * git's own cost for the same information: list the changes under facts/, then read every listed blob. The log is
 * asked for the way the engine asks (`--relative=facts/`, newest first), its cheapest form: the pathspec form
 * (`-- facts`) makes git diff every commit twice and costs 1.7× as much at 5,000 × 10.
 */
const gitFloor = async (root: string): Promise<number> => {
  const start = performance.now();
  const log = await runGit(root, [
    "log",
    "--first-parent",
    "--no-renames",
    "--raw",
    "-z",
    "--no-abbrev",
    "--format=%H",
    "--relative=facts/",
    "HEAD",
    "--",
  ]);
  const blobs = [...log.toString("latin1").matchAll(/:\d{6} \d{6} [0-9a-f]{40} ([0-9a-f]{40}) [AMT]/g)].map(
    (match) => match[1]!,
  );
  await catFileBatch(root, blobs);
  return performance.now() - start;
};

const engine = async (root: string, expectedFacts: number): Promise<number> => {
  const start = performance.now();
  const history = await readFactHistory(root);
  const elapsed = performance.now() - start;
  if (history.facts.size !== expectedFacts || history.facts.get("bc.bench.fact_0")!.versions.length !== REVISIONS) {
    throw new Error("the history engine returned the wrong shape");
  }
  return elapsed;
};

/** The fastest run: interference from other processes only ever adds time. */
const fastest = (values: number[]): number => Math.min(...values);

/**
 * Leaves no garbage from the previous run for the next one to collect: a run that retains the whole history of
 * 50,000 commits would otherwise make the next one pay for its collection. Needs --expose-gc (see below).
 */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();

interface Measured {
  facts: number;
  commits: number;
  buildSeconds: number;
  engine: number[];
  floor: number[];
}

const gcExposed = typeof (globalThis as { gc?: unknown }).gc === "function";
if (!gcExposed) {
  // Run again with --expose-gc, which collectGarbage needs; `npm run bench` and `node bench/history.bench.ts` alike.
  const code = await new Promise<number | null>((resolve) => {
    spawn(process.execPath, ["--expose-gc", import.meta.filename, ...process.argv.slice(2)], { stdio: "inherit" }).on(
      "close",
      resolve,
    );
  });
  process.exit(code ?? 1);
}

console.log(
  `synthetic repositories: one fact file changed per commit, ${FILES_PER_FOLDER} files per folder and ${FOLDERS_PER_PARENT} folders per parent; ` +
    `the two sizes measured in turn, run by run, fastest of ${RUNS} runs after a warm-up, garbage collected before each run`,
);
const sizes: Measured[] = [];
const roots: string[] = [];
try {
  for (const facts of [500, 5000]) {
    const built = performance.now();
    roots.push(await syntheticRepository(facts, REVISIONS));
    sizes.push({
      facts,
      commits: facts * REVISIONS,
      buildSeconds: (performance.now() - built) / 1000,
      engine: [],
      floor: [],
    });
  }
  // Warm the OS page cache and the JIT once, for both sides alike.
  for (const [index, size] of sizes.entries()) {
    await engine(roots[index]!, size.facts);
    await gitFloor(roots[index]!);
  }
  // The sizes alternate run by run, so a machine that slows down for a while slows both, not one of them.
  for (let run = 0; run < RUNS; run++) {
    for (const [index, size] of sizes.entries()) {
      collectGarbage();
      size.floor.push(await gitFloor(roots[index]!));
      collectGarbage();
      size.engine.push(await engine(roots[index]!, size.facts));
    }
  }
} finally {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
}
for (const size of sizes) {
  console.log(
    `${String(size.facts).padStart(5)} facts × ${REVISIONS} revisions (${size.commits} commits, fast-import ${size.buildSeconds.toFixed(1)} s): ` +
      `engine ${fastest(size.engine).toFixed(0)} ms, git floor ${fastest(size.floor).toFixed(0)} ms, ` +
      `engine/floor ${(fastest(size.engine) / fastest(size.floor)).toFixed(2)}×  (engine runs: ${size.engine.map((time) => time.toFixed(0)).join(", ")} ms)`,
  );
}
const [small, large] = sizes as [Measured, Measured];
const overFloor = fastest(large.engine) / fastest(large.floor);
const scaling = fastest(large.engine) / fastest(small.engine);
console.log(`engine/floor at 5,000 × 10: ${overFloor.toFixed(2)}× (target ≤ 1.50×)`);
console.log(
  `scaling 500 → 5,000 facts (10× the history): ${scaling.toFixed(2)}× the time (target ≤ 10.50×); ` +
    `the git floor itself grew ${(fastest(large.floor) / fastest(small.floor)).toFixed(2)}×`,
);
if (overFloor > 1.5 || scaling > 10.5) {
  console.error("history benchmark: target missed");
  process.exitCode = 1;
}
