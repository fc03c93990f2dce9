import { execFile } from "node:child_process";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { addDays } from "../../src/lib/dates.ts";
import { ORGANISATIONS_FILE } from "../../src/model/reference.ts";
import { projectSummaryKeys } from "./fact-values.ts";
import { frozenData } from "./frozen-copy.ts";
import { tempDir } from "./temp-dir.ts";

const exec = promisify(execFile);

export interface FactSeed {
  id: string;
  domain?: string;
  version?: number;
  value?: unknown;
  unit?: string;
  effective_iso?: string;
  retrieved_iso?: string;
  cadence?: "volatile" | "stable";
  label?: string;
  /** The keys the one-line summary starts with; by default the first key of an object value (the summary-keys rule). */
  summary_keys?: string[];
}

/**
 * The `summary_keys` a fixture declares: the seed's own, else those of the project's fact of that id that its value
 * has, else the first key of an object value; none for other values (the summary-keys rule).
 */
const summaryKeysOf = (seed: FactSeed): string[] | undefined => {
  if (seed.summary_keys !== undefined) return seed.summary_keys;
  const { value } = seed;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const own = (projectSummaryKeys(seed.id) ?? []).filter((key) => Object.hasOwn(value, key));
  if (own.length > 0) return own;
  const first = Object.keys(value)[0];
  return first === undefined ? undefined : [first];
};

/** A valid fact file, with `expires_iso` following from its cadence, as a contributor would write it. */
export const factJson = (seed: FactSeed): Record<string, unknown> => {
  const retrieved = seed.retrieved_iso ?? "2026-11-01";
  const cadence = seed.cadence ?? "stable";
  return {
    id: seed.id,
    label: seed.label ?? `Label of ${seed.id}`,
    description: `Description of ${seed.id}.`,
    domain: seed.domain ?? "tax",
    value: seed.value ?? 1,
    ...(seed.unit === undefined ? {} : { unit: seed.unit }),
    ...(summaryKeysOf(seed) === undefined ? {} : { summary_keys: summaryKeysOf(seed) }),
    version: seed.version ?? 1,
    effective_iso: seed.effective_iso ?? "2020-01-01",
    expires_iso: addDays(retrieved, cadence === "volatile" ? 90 : 180),
    tags: [`cadence:${cadence}`],
    citations: [
      {
        url: "https://www2.gov.bc.ca/gov/content/example",
        org: "bc-ministry-of-finance",
        kind: "official",
        retrieved_iso: retrieved,
      },
    ],
    superseded_by: null,
  };
};

/**
 * A copy of the project's organisation registry in `root`, so that the facts written there can cite its organisations.
 */
export const copyOrganisations = (root: string): Promise<void> =>
  cp(path.join(frozenData().root, ORGANISATIONS_FILE), path.join(root, ORGANISATIONS_FILE), { recursive: true });

/**
 * A real git repository in a temporary folder, with helpers to write facts and commit them. It holds the project's
 * organisation registry from the start (committed with the first commit), as every repository of facts does.
 */
export const createGitRepo = async () => {
  const root = await tempDir();
  await copyOrganisations(root);
  let tick = 0;
  const git = async (...args: string[]): Promise<string> => {
    // Distinct, increasing commit dates make the order of history deterministic.
    const date = new Date(Date.UTC(2026, 0, 1) + tick++ * 60_000).toISOString();
    const { stdout } = await exec("git", args, {
      cwd: root,
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_CONFIG_NOSYSTEM: "1", HOME: root },
      maxBuffer: 1 << 28,
    });
    return stdout;
  };
  await git("init", "-q", "-b", "main");
  await git("config", "user.name", "Test Contributor");
  await git("config", "user.email", "contributor@example.org");
  await git("config", "commit.gpgsign", "false");

  const factPath = (id: string, domain = "tax") => `facts/${domain}/${id}.json`;
  const writeFact = async (seed: FactSeed, file = factPath(seed.id, seed.domain)): Promise<string> => {
    await mkdir(path.join(root, path.dirname(file)), { recursive: true });
    await writeFile(path.join(root, file), `${JSON.stringify(factJson(seed), null, 2)}\n`);
    return file;
  };
  const commit = async (message: string): Promise<string> => {
    await git("add", "-A");
    await git("commit", "-q", "--allow-empty", "-m", message);
    return (await git("rev-parse", "HEAD")).trim();
  };
  const readJson = async (file: string): Promise<Record<string, unknown>> =>
    JSON.parse(await readFile(path.join(root, file), "utf8"));
  const writeJson = async (file: string, json: unknown): Promise<void> => {
    await mkdir(path.join(root, path.dirname(file)), { recursive: true });
    await writeFile(path.join(root, file), `${JSON.stringify(json, null, 2)}\n`);
  };
  const remove = (file: string) => rm(path.join(root, file));
  return { root, git, factPath, writeFact, commit, readJson, writeJson, remove };
};
export type GitRepo = Awaited<ReturnType<typeof createGitRepo>>;
