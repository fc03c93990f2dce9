import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { addDays } from "../src/lib/dates.ts";
import { runGit } from "../src/lib/git.ts";
import { compareText } from "../src/lib/text.ts";
import { type FactFile, valueSchemaFor } from "../src/schemas/index.ts";

/**
 * Synthetic git repositories for the benchmarks, written with one `git fast-import` stream (no process per commit):
 * the history benchmark's bare fact files, and the build-scale benchmark's repositories that the real build accepts.
 */

/** One commit of a fast-import stream: its message, its time (seconds) and the files it writes. */
export interface SyntheticCommit {
  message: string;
  seconds: number;
  files: readonly { path: string; content: string }[];
}

/**
 * Writes `commits` onto `refs/heads/main` of the repository at `root` (already initialised) with one `git
 * fast-import`, each commit on the one before it. Chunks are written as they come, waiting for the pipe to drain.
 */
export const fastImport = async (root: string, commits: Iterable<SyntheticCommit>): Promise<void> => {
  const child = spawn("git", ["fast-import", "--quiet", "--done"], { cwd: root, stdio: ["pipe", "ignore", "pipe"] });
  const stderr: Buffer[] = [];
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`git fast-import exited ${code}: ${Buffer.concat(stderr).toString("utf8").trim()}`)),
    );
  });
  let mark = 0;
  const chunks: string[] = [];
  const flush = async () => {
    if (!child.stdin.write(chunks.join(""))) await new Promise((resolve) => child.stdin.once("drain", resolve));
    chunks.length = 0;
  };
  for (const commit of commits) {
    mark++;
    chunks.push(
      `commit refs/heads/main\nmark :${mark}\ncommitter Bench <bench@example.org> ${commit.seconds} +0000\n` +
        `data ${Buffer.byteLength(commit.message)}\n${commit.message}\n${mark > 1 ? `from :${mark - 1}\n` : ""}`,
    );
    for (const file of commit.files)
      chunks.push(`M 100644 inline ${file.path}\ndata ${Buffer.byteLength(file.content)}\n${file.content}\n`);
    if (chunks.length >= 500) await flush();
  }
  chunks.push("done\n");
  await flush();
  child.stdin.end();
  await done;
};

/** `git init` of a fresh repository at `root` on branch main, then `commits` with fastImport and a checkout of them. */
export const writeRepository = async (root: string, commits: Iterable<SyntheticCommit>): Promise<void> => {
  await runGit(root, ["init", "-q", "-b", "main"]);
  await fastImport(root, commits);
  await runGit(root, ["checkout", "-q", "-f", "main"]);
};

/** The project's own repository: its facts are the templates, its reference and index-data files are copied. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");

/** The reference and index files the build reads besides facts/, copied from the project as they are (or adapted). */
const COPIED_FOLDERS = ["reference", "index-data", "keys"] as const;

const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const filesUnder = async (root: string, folder: string): Promise<string[]> =>
  (await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort(compareText);

/** Every key of every object inside `value`, for pruning the glossary to the keys the synthetic facts use. */
const collectKeys = (value: unknown, into: Set<string>): void => {
  if (Array.isArray(value)) for (const item of value) collectKeys(item, into);
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      collectKeys(item, into);
    }
};

/** The paths of the whole numbers of at least 1,000 in a value that are no year: amounts of money, thresholds. */
const amountPaths = (value: unknown, at: (string | number)[] = []): (string | number)[][] => {
  if (typeof value === "number")
    return Number.isInteger(value) && value >= 1000 && (value < 1900 || value > 2100) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => amountPaths(item, [...at, index]));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => amountPaths(item, [...at, key]));
  return [];
};

/** `value` with the number at `at` lowered by `steps`. */
const loweredAt = (value: unknown, at: readonly (string | number)[], steps: number): unknown => {
  if (at.length === 0) return (value as number) - steps;
  const [head, ...rest] = at;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? loweredAt(item, rest, steps) : item));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      key === head ? loweredAt(item, rest, steps) : item,
    ]),
  );
};

/**
 * How a template's value changes from version to version: the first amount (`amountPaths`) that its value schema
 * still accepts lowered by up to `versions - 1`, so each version changes the value a little, the way a revised fee
 * or threshold does; a value without such an amount keeps its value, and its versions change only their date.
 */
const revisedValues = (template: FactFile, versions: number): ((steps: number) => unknown) => {
  const schema = valueSchemaFor(template.id, template.series);
  const at = amountPaths(template.value).find(
    (path) =>
      schema === undefined ||
      [1, versions - 1].every((steps) => schema.safeParse(loweredAt(template.value, path, steps)).success),
  );
  return (steps) => (at === undefined || steps === 0 ? template.value : loweredAt(template.value, at, steps));
};

/** Days between two versions' `effective_iso`: each version a new period of the rule. */
const DAYS_PER_VERSION = 7;

export interface BuildScaleOptions {
  facts: number;
  versions: number;
  /** Where the templates and reference files come from; the project itself by default. */
  templateRoot?: string;
  /** When the last commit was made (seconds since 1970); an hour before now by default. */
  until?: number;
  /** Replaces the file of one fact's one version, e.g. to make it invalid (the generator's test). */
  corrupt?: (id: string, version: number, text: string) => string;
}

/** What a synthetic build-scale repository holds: its fact ids in commit order, and its commit count. */
export interface BuildScaleRepository {
  ids: string[];
  commits: number;
}

/**
 * A repository the real build accepts, of `facts` facts with `versions` versions each, every version its own commit
 * with the `Source:` and `Impact:` lines a revision needs (CONTRIBUTING.md). Fact n is a copy of the project's fact
 * n mod T (T templates, so all six domains and the value shapes of the real catalog), with the id `<template
 * id>.bench_<n>`; version `versions` is the template's current state, and each earlier version takes effect
 * DAYS_PER_VERSION days before the next with its value lowered a little (`revisedValues`); a template's `earlier` periods are
 * kept and end on the day version 1 took effect. Fields that tie a fact to other facts or to its own recorded history
 * (`series`, `superseded_by`, `corrected_versions`, `note_corrections`, a withdrawal) are left out, since the copies
 * have neither. The first commit holds reference/ (the glossary pruned to the keys the copies use, the search
 * aliases to the copies of the facts they name), index-data/ and keys/. Commits are ordered version by version: every
 * fact's version 1, then every fact's version 2, and so on.
 *
 * The synthetic ids have no value schema of their own: `syntheticValueSchemas` gives each its template's, and the
 * build that reads the repository registers them first (bench/build-scale-child.ts).
 */
export const writeBuildScaleRepository = async (
  root: string,
  options: BuildScaleOptions,
): Promise<BuildScaleRepository> => {
  const templateRoot = options.templateRoot ?? PROJECT_ROOT;
  const templates: FactFile[] = [];
  for (const file of await filesUnder(templateRoot, "facts")) {
    if (!file.endsWith(".json")) continue;
    templates.push(JSON.parse(await readFile(path.join(templateRoot, file), "utf8")) as FactFile);
  }
  // Live facts only as templates: a tombstone's shape is a withdrawal, not a rule in force.
  const live = templates.filter((fact) => fact.withdrawn_iso === undefined).sort((a, b) => compareText(a.id, b.id));
  if (live.length === 0) throw new Error(`${templateRoot}/facts holds no fact to copy`);

  const ids: string[] = [];
  const states: ((version: number) => FactFile)[] = [];
  const usedKeys = new Set<string>();
  const copyOf = new Map<string, string>();
  for (let index = 0; index < options.facts; index++) {
    const template = live[index % live.length]!;
    const id = `${template.id}.bench_${index}`;
    ids.push(id);
    if (!copyOf.has(template.id)) copyOf.set(template.id, id);
    const {
      series: _series,
      superseded_by: _supersededBy,
      corrected_versions: _correctedVersions,
      note_corrections: _noteCorrections,
      withdrawn_iso: _withdrawnIso,
      withdrawn_reason: _withdrawnReason,
      ...kept
    } = template;
    const first = addDays(template.effective_iso, -DAYS_PER_VERSION * (options.versions - 1));
    // The earlier periods end on the day the first version took effect; a period that would then end before it starts
    // is left out with every period before it.
    const periods = template.earlier ?? [];
    let earlier = periods.map((period) => ({ ...period }));
    const last = earlier.at(-1);
    if (last !== undefined) {
      if (compareText(last.effective_iso, first) < 0) last.superseded_iso = first;
      else earlier = [];
    }
    const valueAfter = revisedValues(template, options.versions);
    collectKeys(kept.value, usedKeys);
    for (const period of earlier) collectKeys(period.value, usedKeys);
    for (const scheduled of kept.scheduled ?? []) collectKeys(scheduled.value, usedKeys);
    states.push((version) => {
      const steps = options.versions - version;
      const state: FactFile = {
        ...kept,
        id,
        value: valueAfter(steps) as FactFile["value"],
        version,
        effective_iso: addDays(template.effective_iso, -DAYS_PER_VERSION * steps),
      };
      // Key order as the key-order rule wants it: `earlier` after `citations`, then the rest of the template's keys.
      const ordered: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(state)) {
        if (key === "earlier") continue;
        ordered[key] = item;
        if (key === "citations" && earlier.length > 0) ordered.earlier = earlier;
      }
      return ordered as unknown as FactFile;
    });
  }

  const referenceFiles: { path: string; content: string }[] = [];
  for (const folder of COPIED_FOLDERS) {
    for (const file of await filesUnder(templateRoot, folder)) {
      const text = await readFile(path.join(templateRoot, file), "utf8");
      if (file === "reference/glossary.json") {
        const glossary = JSON.parse(text) as { keys: Record<string, unknown> };
        glossary.keys = Object.fromEntries(Object.entries(glossary.keys).filter(([key]) => usedKeys.has(key)));
        referenceFiles.push({ path: file, content: jsonText(glossary) });
      } else if (file === "reference/search-aliases.json") {
        const aliases = JSON.parse(text) as Record<string, { facts: string[] }[]>;
        for (const [kind, groups] of Object.entries(aliases))
          aliases[kind] = groups
            .map((group) => ({ ...group, facts: group.facts.flatMap((fact) => copyOf.get(fact) ?? []) }))
            .filter((group) => group.facts.length > 0);
        referenceFiles.push({ path: file, content: jsonText(aliases) });
      } else {
        referenceFiles.push({ path: file, content: text });
      }
    }
  }

  // Commit times: one minute apart, ending at `until` (an hour before now), so every commit is in the past.
  const count = 1 + options.facts * options.versions;
  const start = (options.until ?? Math.floor(Date.now() / 1000) - 3600) - count * 60;
  const corrupt = options.corrupt ?? ((_id: string, _version: number, text: string) => text);
  function* commits(): Generator<SyntheticCommit> {
    yield { message: "Reference data for the synthetic catalog\n", seconds: start, files: referenceFiles };
    let at = 1;
    for (let version = 1; version <= options.versions; version++) {
      for (const [index, id] of ids.entries()) {
        const state = states[index]!(version);
        const citation = state.citations[0]!;
        const domain = state.domain;
        const message =
          `${id} v${version}: the rule from ${state.effective_iso}\n\n` +
          `Source: ${citation.org}, ${citation.title ?? "source"}, ${citation.url}\n` +
          `Impact: From ${state.effective_iso}, version ${version} of this synthetic rule applies.\n`;
        yield {
          message,
          seconds: start + 60 * at++,
          files: [{ path: `facts/${domain}/${id}.json`, content: corrupt(id, version, jsonText(state)) }],
        };
      }
    }
  }
  await writeRepository(root, commits());
  return { ids, commits: count };
};

/** The template id a synthetic id was copied from: `bc.ptt.brackets.bench_12` → `bc.ptt.brackets`. */
export const templateIdOf = (id: string): string | undefined => /^(.+)\.bench_\d+$/.exec(id)?.[1];
