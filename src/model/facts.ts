import { isDeepStrictEqual } from "node:util";
import { addDays, daysBetween } from "../lib/dates.ts";
import { errorMessage } from "../lib/errors.ts";
import { catFileBatch, runGit } from "../lib/git.ts";
import { byRule, type Problem } from "../lib/problem.ts";
import { compareText } from "../lib/text.ts";
import type { Citation, SeriesMember } from "../schemas/index.ts";
import { CADENCE_DAYS, type CadenceTag, expectedStatus, FactFile } from "../schemas/index.ts";
import { listDataFiles, readDataDocument } from "./data-files.ts";
import { type JsonDocument, validateWithSchema } from "./json-document.ts";

// Facts as the rest of the code reads them: loaded from the working tree or a git revision, and the domain rules over
// them (cadence and expiry, which fields make a revision, tombstones, which facts are due, yearly series).

/** A fact file that parsed and matched the schema, with its document for locating problems in it. */
export interface LoadedFact {
  doc: JsonDocument;
  fact: FactFile;
}

const FACT_PATH = /^facts\/[^/]+\/[^/]+\.json$/;

/** The names of the check rules whose problems the loader finds, as CONTRIBUTING.md lists them. */
export const LOAD_RULES = {
  fileNames: "file-names",
  json: "json",
  text: "text",
  fileLocation: "file-location",
  schema: "schema",
} as const;

/**
 * The one way facts are read from a working tree: every file under `facts/`, refused when hostile (see
 * `listDataFiles`, `readDataDocument` and `parseJsonDocument`), parsed, its text checked for characters no output can
 * carry (the text rule), and validated against the schema. Returns the facts that passed, a located problem for
 * every file that did not, and the fact files that did not (`unread`), so that nothing is concluded from their
 * absence; the lint rules are the check's, not the loader's.
 */
export const readFactFiles = async (
  root: string,
): Promise<{ facts: LoadedFact[]; problems: Problem[]; files: string[]; unread: string[] }> => {
  const listed = await listDataFiles(root, "facts");
  const files = listed.files;
  const problems = byRule(LOAD_RULES.fileNames, listed.problems);
  const facts: LoadedFact[] = [];
  for (const file of files) {
    if (!FACT_PATH.test(file)) {
      problems.push({
        file,
        line: 1,
        column: 1,
        pointer: "",
        message: "only facts/<domain>/<id>.json files belong under facts/",
        rule: LOAD_RULES.fileLocation,
      });
      continue;
    }
    const doc = await readDataDocument(root, file);
    if (doc.syntaxProblems.length > 0) {
      problems.push(...byRule(LOAD_RULES.json, doc.syntaxProblems));
      continue;
    }
    // A fact whose text no output can carry is reported with its schema problems and never loaded.
    const text = doc.textProblems;
    problems.push(...byRule(LOAD_RULES.text, text));
    const { value: fact, problems: schemaProblems } = validateWithSchema(doc, FactFile);
    problems.push(...byRule(LOAD_RULES.schema, schemaProblems));
    if (fact && text.length === 0) facts.push({ doc, fact });
  }
  const loaded = new Set(facts.map(({ doc }) => doc.file));
  return { facts, problems, files, unread: files.filter((file) => FACT_PATH.test(file) && !loaded.has(file)) };
};

/**
 * The facts of the working tree that parse and match the schema. Their other problems are `npm run check`'s to
 * report; the freshness gate, the promotions and the re-verification only need each fact's dates and citations.
 */
export const loadFacts = async (root: string): Promise<LoadedFact[]> => (await readFactFiles(root)).facts;

/**
 * The facts at a git revision that parse as fact files, alone and with their paths; the others are named, since the
 * pull-request check should have stopped them.
 */
export const loadFactsAtRevision = async (
  cwd: string,
  revision: string,
): Promise<{ facts: FactFile[]; files: { file: string; fact: FactFile }[]; skipped: string[] }> => {
  const files: { file: string; fact: FactFile }[] = [];
  const skipped: string[] = [];
  for (const file of await factsAtRevision(cwd, revision)) {
    const parsed = file.parseError === undefined ? FactFile.safeParse(file.json) : undefined;
    if (parsed?.success) files.push({ file: file.path, fact: parsed.data });
    else skipped.push(`${file.path}: ${file.parseError ?? parsed?.error.issues[0]?.message ?? "not a fact"}`);
  }
  return { facts: files.map((each) => each.fact), files, skipped };
};

/** A fact file as it stood at some revision: its path and parsed JSON (or the reason it did not parse). */
export interface FileAtRevision {
  path: string;
  blob: string;
  json: unknown;
  parseError?: string;
}

/** Every `facts/**.json` file at `revision`, read with one `git ls-tree` and one `git cat-file --batch`. */
export const factsAtRevision = async (cwd: string, revision: string): Promise<FileAtRevision[]> => {
  const listing = (await runGit(cwd, ["ls-tree", "-r", "-z", "--full-tree", revision, "--", "facts"])).toString("utf8");
  const entries = listing
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split("\t");
      const [, type, blob] = (meta ?? "").split(" ");
      return { type, blob: blob ?? "", path: path ?? "" };
    })
    .filter((entry) => entry.type === "blob" && entry.path.endsWith(".json"));
  const contents = await catFileBatch(
    cwd,
    entries.map((entry) => entry.blob),
  );
  return entries.map(({ path, blob }) => {
    const text = contents.get(blob)?.toString("utf8") ?? "";
    try {
      return { path, blob, json: JSON.parse(text) as unknown };
    } catch (error: unknown) {
      return { path, blob, json: undefined, parseError: errorMessage(error) };
    }
  });
};

/**
 * How long a fact stays verified: each fact carries exactly one cadence tag, and its `expires_iso` is the latest date
 * any of its citations was checked plus that cadence (docs/maintainers/decisions.md#cadence). The check, the fixer, the
 * pages, the promotions and the re-verification all read it from here.
 */
export const CADENCE_TAGS = Object.keys(CADENCE_DAYS) as CadenceTag[];

/** The cadence tags of a fact; a valid fact has exactly one. */
export const cadenceTagsOf = (fact: Pick<FactFile, "tags">): CadenceTag[] =>
  (fact.tags ?? []).filter((tag): tag is CadenceTag => tag in CADENCE_DAYS);

/** The latest date any citation was checked: re-verification restarts the clock from it. */
export const latestRetrieved = (fact: Pick<FactFile, "citations">): string =>
  fact.citations.map((citation) => citation.retrieved_iso).reduce((latest, date) => (date > latest ? date : latest));

/**
 * expires_iso as docs/maintainers/decisions.md#cadence defines it: the latest retrieved_iso plus the fact's cadence.
 */
export const expectedExpiry = (fact: Pick<FactFile, "tags" | "citations">): string | undefined => {
  const [tag] = cadenceTagsOf(fact);
  return tag === undefined ? undefined : addDays(latestRetrieved(fact), CADENCE_DAYS[tag]);
};

/** Every list of citations in a fact file with its JSON path: the fact's own, each earlier period's, each scheduled change's. */
export const citationLists = (
  fact: Pick<FactFile, "citations" | "scheduled" | "earlier">,
): { path: (string | number)[]; citations: readonly Citation[] }[] => [
  { path: ["citations"], citations: fact.citations },
  ...(fact.earlier ?? []).map((period, index) => ({
    path: ["earlier", index, "citations"],
    citations: period.citations,
  })),
  ...(fact.scheduled ?? []).map((change, index) => ({
    path: ["scheduled", index, "citations"],
    citations: change.citations,
  })),
];

/**
 * Whether a fact file is a tombstone: a withdrawn fact, whose file stays with its last state so that its id is never
 * reused and its history stays published. A withdrawn fact is no longer current: it is never due for re-verification,
 * never promoted, and left out of the catalog, the feeds and everything else that lists the facts in force.
 */
export const isWithdrawn = (fact: Pick<FactFile, "withdrawn_iso">): boolean => fact.withdrawn_iso !== undefined;

/**
 * The fields of the rule in force whose change makes a revision (docs/maintainers/decisions.md#versions): a change to
 * any of them, or to the record of the past (see pastChanged), raises `version` by exactly 1 and is a new entry in the
 * fact's history; a change to anything else is an editorial edit that keeps the version.
 */
export const REVISION_FIELDS = ["value", "unit", "effective_iso"] as const;

/** The revision fields that differ between two states of one fact, in `REVISION_FIELDS` order. */
export const revisionFieldsChanged = (before: FactFile, after: FactFile): string[] =>
  REVISION_FIELDS.filter((field) => !isDeepStrictEqual(before[field], after[field]));

/** What of an earlier period answers "what applied on this date?": its dates, value and unit. */
const PERIOD_FIELDS = ["effective_iso", "superseded_iso", "value", "unit"] as const;

/**
 * The changes to the record of the past that make a revision too (docs/maintainers/decisions.md#versions), each named
 * by its place in the file: an earlier period added or removed (`earlier[2]`), a period's dates, value or unit changed
 * (`earlier[0].value`), and which versions the periods correct (`corrected_versions`). Each changes what some date's
 * as-of answer is, as a change of the current value does. A period's citations and note are editorial.
 */
export const pastChanged = (
  before: Pick<FactFile, "earlier" | "corrected_versions">,
  after: Pick<FactFile, "earlier" | "corrected_versions">,
): string[] => {
  // A committed file is read as loosely as the version rules read it (committedFact), so nothing here trusts its shape.
  const periods = (fact: Pick<FactFile, "earlier">): unknown[] => (Array.isArray(fact.earlier) ? fact.earlier : []);
  const fieldOf = (period: unknown, field: string): unknown =>
    period !== null && typeof period === "object" ? (period as Record<string, unknown>)[field] : period;
  const was = periods(before);
  const now = periods(after);
  const changed: string[] = [];
  for (let index = 0; index < Math.max(was.length, now.length); index++) {
    if (index >= was.length || index >= now.length) changed.push(`earlier[${index}]`);
    else
      for (const field of PERIOD_FIELDS)
        if (!isDeepStrictEqual(fieldOf(was[index], field), fieldOf(now[index], field)))
          changed.push(`earlier[${index}].${field}`);
  }
  if (!isDeepStrictEqual(before.corrected_versions ?? [], after.corrected_versions ?? []))
    changed.push("corrected_versions");
  return changed;
};

/**
 * Everything that makes a change between two states of one fact a revision, as the version rules read it: the
 * revision fields (`REVISION_FIELDS`), then the changes to the record of the past (`pastChanged`).
 */
export const revisionChanges = (before: FactFile, after: FactFile): string[] => [
  ...revisionFieldsChanged(before, after),
  ...pastChanged(before, after),
];

/** A fact whose verification has lapsed or lapses within the window, with where its `expires_iso` is written. */
export interface FactDue {
  loaded: LoadedFact;
  /** Whole days from today to `expires_iso`; negative once it has passed. */
  daysLeft: number;
  /**
   * `drift`: not due by date, but a cited source no longer says what it is cited for (see `npm run sources`).
   * `announcement-due`: not due by date, but its next value, normally announced by `next_expected.by_iso`, is due and
   * not recorded (see `announcementDue`): whether it was announced must be checked where it is published.
   */
  status: "expired" | "expiring" | "drift" | "announcement-due";
}

/**
 * The facts to re-verify on `today`: past `expires_iso` (expired) or reaching it within `withinDays` (expiring).
 * A fact is still verified on its `expires_iso` day itself; it is expired from the day after.
 * Sorted soonest first, then by id, so reports and issues come out in a stable order. A withdrawn fact is never due.
 */
export const factsDue = (facts: readonly LoadedFact[], today: string, withinDays: number): FactDue[] =>
  facts
    .filter(({ fact }) => !isWithdrawn(fact))
    .flatMap((loaded): FactDue[] => {
      const { daysLeft, status } = verificationState(loaded.fact, today, withinDays);
      return status === "verified" ? [] : [{ loaded, daysLeft, status }];
    })
    .sort((a, b) => a.daysLeft - b.daysLeft || compareText(a.loaded.fact.id, b.loaded.fact.id));

/**
 * Where a fact stands on `today` against its `expires_iso`: past it (`expired`, from the day after), reaching it within
 * `withinDays` (`expiring`), or neither (`verified`), with the whole days left (negative once it has passed). The
 * re-verification issues, the freshness gate and the verification page all judge by it.
 */
export const verificationState = (
  fact: Pick<FactFile, "expires_iso">,
  today: string,
  withinDays: number,
): { daysLeft: number; status: "expired" | "expiring" | "verified" } => {
  const daysLeft = daysBetween(today, fact.expires_iso);
  return { daysLeft, status: daysLeft < 0 ? "expired" : daysLeft <= withinDays ? "expiring" : "verified" };
};

/** "expired 3 days ago (2026-01-01)", "expires today (…)", "expires in 12 days (…)". */
export const describeDue = (due: Pick<FactDue, "daysLeft"> & { loaded: { fact: { expires_iso: string } } }): string => {
  const date = due.loaded.fact.expires_iso;
  if (due.daysLeft < 0)
    return `expired ${-due.daysLeft} day${due.daysLeft === -1 ? "" : "s"} ago (expires_iso ${date})`;
  if (due.daysLeft === 0) return `expires today (expires_iso ${date})`;
  return `expires in ${due.daysLeft} day${due.daysLeft === 1 ? "" : "s"} (expires_iso ${date})`;
};

/**
 * Whether a fact's expected announcement is due on `today` with nothing newer recorded: `next_expected.by_iso` is today
 * or earlier, and the fact records no newer value. The maintainers' surfaces (the re-verification issue, the freshness
 * warning) start on `by_iso` itself, the day by which the announcement normally comes, so it is looked for that day;
 * the published pages say "not recorded here yet" from the day after (`expectedStatus`), since on `by_iso` it may still
 * come. Judged as `expectedStatus` judges the next day, so the two never disagree on what counts as newer.
 */
export const announcementDue = (
  fact: Pick<FactFile, "next_expected" | "scheduled" | "superseded_by" | "effective_iso" | "withdrawn_iso">,
  today: string,
): boolean => !isWithdrawn(fact) && expectedStatus(fact, addDays(today, 1)) === "past-due";

/** The facts whose expected announcement is due on `today` and not recorded, by id: each needs it looked for. */
export const announcementsDue = (facts: readonly LoadedFact[], today: string): LoadedFact[] =>
  facts.filter(({ fact }) => announcementDue(fact, today)).sort((a, b) => compareText(a.fact.id, b.fact.id));

/** "is due today (2026-09-30)", "was due by 2026-09-30": an announcement due on `today`, in the maintainers' words. */
export const describeAnnouncementDue = (byIso: string, today: string): string =>
  byIso === today ? `is due today (${byIso})` : `was due by ${byIso}`;

/** What deciding a series needs of a fact: the fact file, the published fact and the MCP server's copy all have it. */
export interface SeriesFact {
  id: string;
  series?: string | undefined;
  effective_iso: string;
  superseded_by?: { id: string | null; effective_iso: string } | null | undefined;
}

/** One yearly series: its name and its members, oldest first (by effective_iso, then id). */
export interface Series<F extends SeriesFact> {
  name: string;
  members: F[];
}

/**
 * The series the facts declare with their `series` key, by name in compareText order, each with its members oldest
 * first. Membership is declared, never read from the id: `bc.svt.rates_2026` names its year with an underscore, and an
 * id says nothing of the year once a fact is revised (`bc.rent_cap.2026` held the 2024 cap as its version 1).
 */
export const seriesOf = <F extends SeriesFact>(facts: readonly F[]): Series<F>[] => {
  const byName = new Map<string, F[]>();
  for (const fact of facts) {
    if (fact.series === undefined) continue;
    byName.set(fact.series, [...(byName.get(fact.series) ?? []), fact]);
  }
  return [...byName]
    .sort(([a], [b]) => compareText(a, b))
    .map(([name, members]) => ({
      name,
      members: [...members].sort((a, b) => compareText(a.effective_iso, b.effective_iso) || compareText(a.id, b.id)),
    }));
};

/**
 * Whether a fact is in force on `today`: it took effect on or before it, and no `superseded_by` dated on or before it
 * retired it. A superseded_by dated later leaves it in force until that day.
 */
export const inForceOn = (fact: SeriesFact, today: string): boolean =>
  fact.effective_iso <= today && !(fact.superseded_by != null && fact.superseded_by.effective_iso <= today);

/** The member in force on `today`: the latest one that is; undefined when none is (every member retired). */
export const memberInForce = <F extends SeriesFact>(series: Series<F>, today: string): F | undefined =>
  series.members.findLast((member) => inForceOn(member, today));

/**
 * Every member of a series in brief, newest first, as the series endpoint lists them: the year it took effect, when
 * and by what it was superseded, and whether it is the member in force on `today`.
 */
export const seriesMembers = <F extends SeriesFact & { label: string }>(
  series: Series<F>,
  today: string,
  urlOf: (id: string) => string,
): SeriesMember[] => {
  const current = memberInForce(series, today);
  return series.members.toReversed().map((member) => ({
    id: member.id,
    label: member.label,
    year: Number(member.effective_iso.slice(0, 4)),
    effective_iso: member.effective_iso,
    superseded_iso: member.superseded_by?.effective_iso ?? null,
    superseded_by: member.superseded_by?.id ?? null,
    in_force: member === current,
    canonical_url: urlOf(member.id),
  }));
};
