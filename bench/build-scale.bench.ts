import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { readVariable } from "../src/lib/environment.ts";
import { topSelfTime } from "./cpu-profile.ts";
import { writeBuildScaleRepository } from "./synthetic-repository.ts";

/**
 * `npm run bench -- build-scale`: the whole build (`src/cli/build.ts`) on synthetic repositories of 100, 1,000 and
 * 10,000 facts with 20 versions each (bench/synthetic-repository.ts), each size built in a child process of its own
 * so its time and peak memory are that build's. Prints one line per size:
 * `build-scale facts=N versions=M build_s=… peak_rss_mb=… files=… bytes=…`.
 * Targets, on the 2-core machine: at most 25 ms per fact at 1,000 facts; 10× the facts in at most 11× the time; peak
 * memory at most 1 GB at 1,000 facts and 2 GB at 10,000. BENCH_SCALE_MAX stops after the size it names,
 * BENCH_SCALE_TIMEOUT limits each build (seconds), and BENCH_SCALE_PROFILE=1 writes each build's CPU profile and prints
 * the functions with the most self time.
 */
export const SIZES = [100, 1000, 10_000] as const;
export const VERSIONS = 20;
const MS_PER_FACT_AT_1000 = 25;
const SCALING = 11;
const PEAK_MB = { 1000: 1000, 10000: 2000 } as Record<number, number>;
/**
 * A build whose resident memory passes this many times its size's memory target (the 1,000-fact target for 100
 * facts) is stopped and reported as an error, rather than let take the memory of the machine it shares.
 */
const STOP_AT_MEMORY_TARGETS = 3;
/** Default limit of one size's build, in seconds: far above the targets, so only a build that hangs reaches it. */
const DEFAULT_TIMEOUT_SECONDS = 1800;

const positiveWhole = (name: "BENCH_SCALE_MAX" | "BENCH_SCALE_TIMEOUT", fallback: number): number => {
  const text = readVariable(name);
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number above 0, not "${text}"`);
  return value;
};

export interface BuildRun {
  ok: boolean;
  seconds: number;
  /** What the child reported (bench/build-scale-child.ts), when it finished. */
  result?: {
    facts: number;
    files: number;
    bytes: number;
    overBudget: number;
    maxRssKb: number;
    cpuSeconds: number;
    phases: { phase: string; s: number; rssMb: number; heapMb: number; externalMb: number }[];
  };
  /** Set when the build was stopped for its memory: its resident memory, in MB, when it was stopped. */
  stoppedAtMb?: number;
  /** What the build printed on stderr: its error when it failed. */
  stderr: string;
  timedOut: boolean;
}

/**
 * Builds the repository at `root` into `out` in a child process (bench/build-scale-child.ts: what `npm run build`
 * does), killed when it takes longer than `timeoutSeconds`. `nodeOptions` are given to Node before the script (e.g.
 * `--cpu-prof`).
 */
export const runBuild = (
  root: string,
  out: string,
  options: { timeoutSeconds: number; maxRssMb?: number; nodeOptions?: string[]; environment?: NodeJS.ProcessEnv },
): Promise<BuildRun> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        ...(options.nodeOptions ?? []),
        path.join(import.meta.dirname, "build-scale-child.ts"),
        "--root",
        root,
        "--out",
        out,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...options.environment } },
    );
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    let timedOut = false;
    let stoppedAtMb: number | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutSeconds * 1000);
    // A build that outgrows maxRssMb is stopped before it takes the machine's memory from everything else on it.
    const watch =
      options.maxRssMb === undefined
        ? undefined
        : setInterval(() => {
            const rssMb = residentMb(child.pid);
            if (rssMb !== undefined && rssMb > options.maxRssMb! && stoppedAtMb === undefined) {
              stoppedAtMb = rssMb;
              child.kill("SIGKILL");
            }
          }, 500);
    const stop = () => {
      clearTimeout(timer);
      if (watch) clearInterval(watch);
    };
    child.on("error", (error) => {
      stop();
      reject(error);
    });
    child.on("close", (code) => {
      stop();
      const line = /^build-scale-child (.*)$/m.exec(Buffer.concat(stdout).toString("utf8"));
      resolve({
        ok: code === 0 && !timedOut && line !== null,
        seconds: (performance.now() - started) / 1000,
        ...(line ? { result: JSON.parse(line[1]!) as BuildRun["result"] } : {}),
        stderr: Buffer.concat(stderr).toString("utf8").trim(),
        timedOut,
        ...(stoppedAtMb === undefined ? {} : { stoppedAtMb }),
      });
    });
  });

/** The first `count` lines of `text`, and how many more there were. */
const firstLines = (text: string, count: number): string => {
  const lines = text.split("\n");
  return lines.length <= count
    ? text
    : `${lines.slice(0, count).join("\n")}\n… and ${lines.length - count} more line(s)`;
};

/** A process's resident memory in MB, from /proc (Linux); undefined where that cannot be read. */
const residentMb = (pid: number | undefined): number | undefined => {
  if (pid === undefined) return undefined;
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
};

/** The number of files under `folder` and their bytes. */
export const treeSize = async (folder: string): Promise<{ files: number; bytes: number }> => {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
};

const main = async (): Promise<void> => {
  const max = positiveWhole("BENCH_SCALE_MAX", SIZES.at(-1)!);
  const timeoutSeconds = positiveWhole("BENCH_SCALE_TIMEOUT", DEFAULT_TIMEOUT_SECONDS);
  const profile = readVariable("BENCH_SCALE_PROFILE") === "1";
  const sizes = SIZES.filter((size) => size <= max);
  if (sizes.length === 0) throw new Error(`BENCH_SCALE_MAX=${max} is below the smallest size, ${SIZES[0]}`);
  const seconds = new Map<number, number>();
  const missed: string[] = [];
  for (const facts of sizes) {
    const work = await mkdtemp(path.join(os.tmpdir(), `build-scale-${facts}-`));
    try {
      const root = path.join(work, "repository");
      const generated = performance.now();
      await mkdir(root);
      const repository = await writeBuildScaleRepository(root, { facts, versions: VERSIONS });
      console.log(
        `synthetic repository: ${facts} facts × ${VERSIONS} versions, ${repository.commits} commits, written in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
      );
      const profileDir = path.join(work, "profile");
      const run = await runBuild(root, path.join(work, "_site"), {
        timeoutSeconds,
        maxRssMb: STOP_AT_MEMORY_TARGETS * (PEAK_MB[facts] ?? PEAK_MB[1000]!),
        nodeOptions: profile ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [],
        environment: { FACTS_BASE_URL: "https://facts.example.org" },
      });
      if (!run.ok || run.result === undefined) {
        const why = run.timedOut
          ? `no result within the limit of ${timeoutSeconds} s (BENCH_SCALE_TIMEOUT)`
          : firstLines(run.stderr, 20);
        console.error(`build-scale facts=${facts} versions=${VERSIONS} error: ${why}`);
        process.exitCode = 1;
        return;
      }
      const tree = await treeSize(path.join(work, "_site"));
      const peakRssMb = run.result.maxRssKb / 1024;
      seconds.set(facts, run.seconds);
      console.log(
        `build-scale facts=${facts} versions=${VERSIONS} build_s=${run.seconds.toFixed(1)} peak_rss_mb=${peakRssMb.toFixed(0)} files=${tree.files} bytes=${tree.bytes}`,
      );
      console.log(`  cpu_s=${run.result.cpuSeconds.toFixed(1)} (the build's user and system CPU time)`);
      console.log(
        `  phases (seconds in, then resident, heap and buffer memory in MB at the end of each): ${run.result.phases
          .map((phase) => `${phase.phase} ${phase.s} s ${phase.rssMb}/${phase.heapMb}/${phase.externalMb}`)
          .join(", ")}`,
      );
      if (run.result.overBudget > 0)
        console.log(`  (${run.result.overBudget} file(s) over their payload budget, counted and written all the same)`);
      if (profile) {
        for (const file of await readdir(profileDir)) {
          console.log(`top self time of the build at ${facts} facts (${file}):`);
          for (const line of await topSelfTime(path.join(profileDir, file))) console.log(`  ${line}`);
        }
      }
      const limit = PEAK_MB[facts];
      if (limit !== undefined && peakRssMb > limit)
        missed.push(`peak memory at ${facts} facts: ${peakRssMb.toFixed(0)} MB (target ≤ ${limit} MB)`);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  const at1000 = seconds.get(1000);
  if (at1000 !== undefined) {
    const perFact = (1000 * at1000) / 1000;
    console.log(`time per fact at 1,000 facts: ${perFact.toFixed(1)} ms (target ≤ ${MS_PER_FACT_AT_1000} ms)`);
    if (perFact > MS_PER_FACT_AT_1000) missed.push(`time per fact at 1,000 facts: ${perFact.toFixed(1)} ms`);
  }
  for (const [small, large] of [
    [100, 1000],
    [1000, 10_000],
  ] as const) {
    const a = seconds.get(small);
    const b = seconds.get(large);
    if (a === undefined || b === undefined) continue;
    console.log(`scaling ${small} → ${large} facts: ${(b / a).toFixed(2)}× the time (target ≤ ${SCALING}×)`);
    if (b / a > SCALING) missed.push(`scaling ${small} → ${large}: ${(b / a).toFixed(2)}×`);
  }
  if (missed.length > 0) {
    console.error(`build-scale: target missed: ${missed.join("; ")}`);
    process.exitCode = 1;
  }
};

// Run as a benchmark; imported (by its test), it only lends runBuild.
if (import.meta.main) await main();
