import { realpath } from "node:fs/promises";
import path from "node:path";
import { type FactHistory, readFactHistory } from "../derive/fact-history.ts";
import { PROGRAMMES, unknownNames } from "../derive/place-rules.ts";
import { errorMessage } from "../lib/errors.ts";
import { gitResult, runGit } from "../lib/git.ts";
import { byRule, compareProblems, formatProblem, type Problem } from "../lib/problem.ts";
import { compareText, escapeHtml } from "../lib/text.ts";
import { isWithdrawn, type LoadedFact, readFactFiles, seriesOf } from "../model/facts.ts";
import { issueProblems, parseJsonDocument } from "../model/json-document.ts";
import { PLACES_RULE, type PlaceRegister, readPlaces } from "../model/places.ts";
import { type Organisations, readOrganisations } from "../model/reference.ts";
import { readSearchAliases, type SearchAliases } from "../model/search-aliases.ts";
import { correctedVersions, declaredCorrections, junctionProblems, keptVersions } from "../model/timeline.ts";
import type { FactFile } from "../schemas/index.ts";
import { valueSchemaFor } from "../schemas/index.ts";
import { checkAgainstBase } from "./check-against-base.ts";
import { checkGlossary } from "./check-glossary.ts";
import { checkIndexData } from "./check-index-data.ts";
import { checkWords } from "./check-words.ts";
import { checkCommitVersions } from "./commit-range.ts";
import { type Commit, checkRevisionCommits } from "./revision-commits.ts";
import { type CheckContext, citationOrgProblems, FACT_RULES, NON_FACT_RULES } from "./rules.ts";

// One run of `npm run check`: the facts read and held to every rule, across facts (unique ids, superseded_by, series)
// and against the base, the earlier versions of each fact against its value schema, and the summaries of the result.

/** True when a fact cites an official source and quotes the passage of it that states the point. */
export const hasQuotedOfficialCitation = (fact: Pick<FactFile, "citations">): boolean =>
  fact.citations.some((citation) => citation.kind === "official" && citation.quote !== undefined);

/** The ids of the facts that rest on no quoted official text: a reader has to take their value on trust. */
export const factsWithoutQuotedOfficialCitation = (facts: readonly Pick<FactFile, "id" | "citations">[]): string[] =>
  facts.filter((fact) => !hasQuotedOfficialCitation(fact)).map((fact) => fact.id);

export interface CheckReport {
  /** Errors: any of them fails the check. */
  problems: Problem[];
  /**
   * Findings of the rules of level "warning", located like problems: printed and annotated, never failing the check.
   */
  warnings: Problem[];
  facts: LoadedFact[];
  factFileCount: number;
  indexDataFileCount: number;
  /** The organisation registry, when it passed its own rules (the build publishes citations through it). */
  organisations: Organisations | undefined;
  /** The search aliases by fact id, when reference/search-aliases.json passed its rules (the build indexes them). */
  searchAliases: SearchAliases | undefined;
  /** The register of places, when reference/places.json passed its rules (the build derives the place files from it). */
  places: PlaceRegister | undefined;
  /** The history of `facts/` read by the one history reader (the build reuses it), or why it was not read. */
  history: HistoryReading;
}

const VALUE_SCHEMA_RULE = FACT_RULES.find((rule) => rule.name === "value-schema")!.name;

/**
 * Everything `npm run check` and the validate action verify, collected in one pass and sorted by location.
 * With a base revision, the pull-request version rules run against it too, and so does the stale-number warning;
 * with commits (the pull request's, or those between the base and HEAD), the revision-commit rule runs over them;
 * with steps (the pull request's commits, or the first-parent line from the base to HEAD), the version rules run over
 * each of them against its parent as well (src/check/commit-range.ts).
 */
export const runChecks = async (
  root: string,
  context: CheckContext & { base?: string; commits?: readonly Commit[]; steps?: readonly Commit[] },
): Promise<CheckReport> => {
  const [facts, indexData, history] = await Promise.all([
    checkFactFiles(root, context),
    checkIndexData(root, context),
    readHistoryForCheck(root),
  ]);
  const baseFindings =
    context.base === undefined
      ? []
      : (await checkAgainstBase(root, context.base, facts.facts, facts.files)).map((problem) =>
          problem.rule === undefined ? byRule(NON_FACT_RULES.versionRules.name, [problem])[0]! : problem,
        );
  const commitProblems =
    context.commits === undefined ? [] : await checkRevisionCommits(root, context.commits, facts.facts);
  // A single step's change is the range's one change: the comparison with the base has judged it already, and the
  // step's problems would repeat its own.
  const stepProblems =
    context.steps === undefined || context.steps.length < 2 ? [] : await checkCommitVersions(root, context.steps);
  const historyProblems =
    "history" in history
      ? [
          ...byRule(VALUE_SCHEMA_RULE, await checkValueHistory(root, facts.facts, history.history)),
          ...byRule("earlier-periods", timelineJunctionProblems(facts.facts, history.history)),
        ]
      : [];
  // A key or a code the value's schema refuses is reported once, by the schema, which says what it expects there.
  const refusedBySchema = new Set(
    [...facts.problems, ...historyProblems]
      .filter((problem) => problem.rule === VALUE_SCHEMA_RULE)
      .map((problem) => `${problem.file}#${problem.pointer}`),
  );
  // A fact file that could not be read is reported by its own problems; the glossary entries only it uses are not
  // unused, so they are not reported while any fact is unread.
  const glossaryProblems = (
    await checkGlossary(root, facts.facts, "history" in history ? history.history : undefined, {
      reportUnused: facts.unread.length === 0,
    })
  ).filter((problem) => !refusedBySchema.has(`${problem.file}#${problem.pointer}`));
  // Words for a fact that could not be read would be reported as words for no fact: they wait for its own problems.
  const wordsProblems = facts.unread.length === 0 ? await checkWords(root, facts.facts) : [];
  return {
    problems: [
      ...facts.problems,
      ...indexData.problems,
      ...glossaryProblems,
      ...wordsProblems.filter((problem) => problem.level !== "warning"),
      ...baseFindings.filter((problem) => problem.level !== "warning"),
      ...historyProblems,
      ...commitProblems,
      ...stepProblems,
    ].sort(compareProblems),
    warnings: [...baseFindings, ...wordsProblems]
      .filter((problem) => problem.level === "warning")
      .sort(compareProblems),
    facts: facts.facts,
    organisations: facts.organisations,
    searchAliases: facts.searchAliases,
    places: facts.places,
    factFileCount: facts.files.length,
    indexDataFileCount: indexData.fileCount,
    history,
  };
};

export const summarize = (report: CheckReport): string =>
  report.problems.length === 0
    ? `ok: ${report.factFileCount} fact files and ${report.indexDataFileCount} index-data files checked, no problems`
    : `${report.problems.length} problem${report.problems.length === 1 ? "" : "s"} in ${new Set(report.problems.map((problem) => problem.file)).size} file(s)`;

/**
 * How many facts rest on quoted official text: a warning (never a failure) naming the facts that quote no official
 * source, since the goal is that every fact does.
 */
export const summarizeEvidence = (report: Pick<CheckReport, "facts">): string => {
  const unquoted = factsWithoutQuotedOfficialCitation(report.facts.map((loaded) => loaded.fact)).sort(compareText);
  return unquoted.length === 0
    ? `evidence: all ${report.facts.length} facts quote an official source`
    : `warning: ${unquoted.length} of ${report.facts.length} facts quote no official source (a citation of kind "official" with a quote): ${unquoted.join(", ")}`;
};

/**
 * Reads every file under `facts/` with the one fact loader, then runs each rule over every fact that matched the
 * schema. Returns those facts too, for the rules against the base branch.
 */
export const checkFactFiles = async (
  root: string,
  context: CheckContext,
): Promise<{
  problems: Problem[];
  facts: LoadedFact[];
  files: string[];
  unread: string[];
  organisations: Organisations | undefined;
  searchAliases: SearchAliases | undefined;
  places: PlaceRegister | undefined;
}> => {
  const [{ facts, problems, files, unread }, registry] = await Promise.all([
    readFactFiles(root),
    readOrganisations(root),
  ]);
  problems.push(...registry.problems);
  // A registry with problems of its own is reported alone: checking citations against it would only repeat them.
  if (registry.organisations !== undefined)
    problems.push(...byRule(NON_FACT_RULES.citationOrg.name, citationOrgProblems(facts, registry.organisations)));
  for (const loaded of facts)
    for (const rule of FACT_RULES) problems.push(...byRule(rule.name, rule.check(loaded, context)));
  problems.push(...byRule(NON_FACT_RULES.uniqueId.name, duplicateIdProblems(facts)));
  problems.push(...byRule(NON_FACT_RULES.supersededBy.name, supersededByProblems(facts, unread)));
  // A series with an unread member would be judged without it: its handovers are checked once every member reads.
  if (unread.length === 0) problems.push(...byRule(NON_FACT_RULES.series.name, seriesProblems(facts)));
  // An alias leads to a fact a reader can open: one of the facts read, not withdrawn. A file that could not be read
  // is reported by its own problems, so its id (its file name) is not reported again here.
  const searchAliases = await readSearchAliases(root, [
    ...facts.filter(({ fact }) => !isWithdrawn(fact)).map(({ fact }) => fact.id),
    ...unread.map((file) => path.basename(file, ".json")),
  ]);
  problems.push(...searchAliases.problems);
  const places = await readPlaces(root, registry.organisations);
  problems.push(...places.problems);
  if (places.register !== undefined) problems.push(...byRule(PLACES_RULE, placeAreaProblems(facts, places.register)));
  return {
    problems,
    facts,
    files,
    unread,
    organisations: registry.organisations,
    searchAliases: searchAliases.aliases,
    places: places.register,
  };
};

/**
 * Every area a fact that holds a rule's areas names, in its value and in each period before its first version, is a
 * place of the register (reference/places.json): the place files are derived from these names, so one the register
 * does not know would leave its places without the rule. The versions committed before are checked by the build.
 */
const placeAreaProblems = (facts: readonly LoadedFact[], register: PlaceRegister): Problem[] =>
  PROGRAMMES.flatMap((programme) => {
    const loaded = facts.find(({ fact }) => fact.id === programme.fact_id);
    if (loaded === undefined) return [];
    const { doc, fact } = loaded;
    const periods = [
      { path: ["value"], value: fact.value },
      ...(fact.earlier ?? []).map((period, index) => ({ path: ["earlier", index, "value"], value: period.value })),
    ];
    return periods.flatMap(({ path: at, value }) =>
      unknownNames(programme, value, register).map(({ path, name }) =>
        doc.problemAt(
          [...at, ...path],
          `"${name}" is no place of reference/places.json (a name, official name, alias or former name of one): the rule "${programme.name}" is derived for each place from these names`,
        ),
      ),
    );
  });

const duplicateIdProblems = (facts: LoadedFact[]): Problem[] => {
  const firstFile = new Map<string, string>();
  const problems: Problem[] = [];
  for (const { doc, fact } of facts) {
    const first = firstFile.get(fact.id);
    if (first === undefined) firstFile.set(fact.id, doc.file);
    else problems.push(doc.problemAt(["id"], `duplicate id "${fact.id}": already used by ${first}`));
  }
  return problems;
};

/**
/**
 * A retired fact points readers to its successor: another fact the catalog holds, or null for none. It is replaced
 * on or after the day it took effect; within a yearly series by a newer member (a member pointing back at an older
 * one would leave the series' alias with no member in force); and a chain of replacements ends, never coming back to
 * where it started, so a reader following it always reaches a fact in force or null. A fact file that could not be
 * read still names its id (the file is named after it), so it is no missing successor.
 */
const supersededByProblems = (facts: readonly LoadedFact[], unread: readonly string[]): Problem[] => {
  const byId = new Map(facts.map((loaded) => [loaded.fact.id, loaded]));
  const unreadIds = new Set(unread.map((file) => path.posix.basename(file, ".json")));
  return facts.flatMap(({ doc, fact }) => {
    const superseded = fact.superseded_by;
    if (superseded === undefined || superseded === null) return [];
    const problems: Problem[] = [];
    if (superseded.effective_iso < fact.effective_iso)
      problems.push(
        doc.problemAt(
          ["superseded_by", "effective_iso"],
          `superseded_by.effective_iso ${superseded.effective_iso} is before the fact's own effective_iso ${fact.effective_iso}: a rule is replaced on or after the day it took effect`,
        ),
      );
    const successor = superseded.id;
    if (successor === null) return problems;
    const named = byId.get(successor);
    const idProblem = (message: string) => problems.push(doc.problemAt(["superseded_by", "id"], message));
    if (successor === fact.id)
      idProblem(`superseded_by names the fact itself ("${successor}"): name the fact that replaces it, or null`);
    else if (named === undefined && unreadIds.has(successor)) return problems;
    else if (named === undefined)
      idProblem(
        `superseded_by names "${successor}", which is no fact in facts/: name an existing fact, or null if none replaces it`,
      );
    else if (
      fact.series !== undefined &&
      named.fact.series === fact.series &&
      named.fact.effective_iso <= fact.effective_iso
    )
      idProblem(
        `superseded_by names ${successor} (in ${named.doc.file}, effective ${named.fact.effective_iso}), which is not newer than this member of series "${fact.series}" (effective ${fact.effective_iso}): a member is superseded by a later one, or the series would have no member in force`,
      );
    else {
      const cycle = cycleFrom(fact.id, byId);
      if (cycle !== undefined)
        idProblem(
          `superseded_by forms a cycle (${cycle.join(" → ")}): a chain of replacements must end at a fact in force, or at null`,
        );
    }
    return problems;
  });
};

/** The ids of the superseded_by chain from `start` back to `start` (both ends named), or undefined when it ends. */
const cycleFrom = (start: string, byId: ReadonlyMap<string, LoadedFact>): string[] | undefined => {
  const chain = [start];
  for (let id = byId.get(start)?.fact.superseded_by?.id; id != null; id = byId.get(id)?.fact.superseded_by?.id) {
    if (id === start) return [...chain, start];
    // A chain that runs into a loop elsewhere is reported on the loop's own members.
    if (chain.includes(id) || !byId.has(id)) return undefined;
    chain.push(id);
  }
  return undefined;
};

/** A fact with the place of its file, for the problems that name another fact. */
const member = (loaded: LoadedFact) => ({ ...loaded.fact, loaded });

/**
 * A yearly series (the facts that declare the same `series`) answers one fact at a time: its name is no fact's id,
 * no two members take effect on the same day, and each member but the newest hands over to the next with
 * `superseded_by` naming that member and its effective date. Since every member took effect by today (the
 * effective-not-in-future rule), a series that passes has at most one member in force on any day.
 */
export const seriesProblems = (facts: readonly LoadedFact[]): Problem[] => {
  const files = new Map(facts.map(({ doc, fact }) => [fact.id, doc.file]));
  const problems: Problem[] = [];
  for (const series of seriesOf(facts.map(member))) {
    const clash = files.get(series.name);
    for (const { loaded } of clash === undefined ? [] : series.members) {
      problems.push(
        loaded.doc.problemAt(
          ["series"],
          `series "${series.name}" is the id of the fact in ${clash}; a series name must differ from every fact id, since the series endpoint and the clients resolve either name`,
        ),
      );
    }
    for (const [index, next] of series.members.entries()) {
      const older = series.members[index - 1];
      if (older === undefined) continue;
      const { doc, fact } = older.loaded;
      const handover = `{"id": "${next.id}", "effective_iso": "${next.effective_iso}"}`;
      if (older.effective_iso === next.effective_iso) {
        problems.push(
          next.loaded.doc.problemAt(
            ["effective_iso"],
            `${older.id} and ${next.id} of series "${series.name}" both take effect on ${next.effective_iso}; one member is in force at a time, each from its own date`,
          ),
        );
      } else if (fact.superseded_by == null) {
        problems.push(
          doc.problemAt(
            ["superseded_by"],
            `${fact.id} and ${next.id} of series "${series.name}" would both be in force from ${next.effective_iso}; set superseded_by to ${handover} (CONTRIBUTING.md, "Yearly series")`,
          ),
        );
      } else if (fact.superseded_by.id !== next.id) {
        problems.push(
          doc.problemAt(
            ["superseded_by", "id"],
            `superseded_by names ${fact.superseded_by.id ?? "null"}, but the next member of series "${series.name}" is ${next.id} (in ${next.loaded.doc.file}); set superseded_by to ${handover}`,
          ),
        );
      } else if (fact.superseded_by.effective_iso !== next.effective_iso) {
        problems.push(
          doc.problemAt(
            ["superseded_by", "effective_iso"],
            `superseded_by.effective_iso is ${fact.superseded_by.effective_iso}, but ${next.id}, the next member of series "${series.name}", takes effect on ${next.effective_iso}; the handover is on that day, with no gap or overlap`,
          ),
        );
      }
    }
  }
  return problems;
};

/** The history of `facts/` as the build reads it, or why it could not be read here (the check then skips it). */
export type HistoryReading = { history: FactHistory } | { skipped: string; unreadable: boolean };

/**
 * Reads the history of `facts/` with the build's one history reader, when `root` is the top of a git work tree
 * with at least one commit; a folder that is not (a fixture, an unpacked archive) or a shallow clone is skipped
 * with the reason, since its history cannot be known.
 */
export const readHistoryForCheck = async (root: string): Promise<HistoryReading> => {
  const top = await gitResult(root, ["rev-parse", "--show-toplevel"]);
  if (top.code !== 0) return { skipped: "not a git repository", unreadable: false };
  const [topPath, rootPath] = await Promise.all([realpath(top.stdout.toString("utf8").trim()), realpath(root)]);
  if (path.relative(topPath, rootPath) !== "")
    return { skipped: "not the top folder of its git repository", unreadable: false };
  if ((await gitResult(root, ["rev-parse", "--verify", "--quiet", "HEAD"])).code !== 0)
    return { skipped: "no commit yet", unreadable: false };
  try {
    return { history: await readFactHistory(root) };
  } catch (error: unknown) {
    return { skipped: errorMessage(error), unreadable: true };
  }
};

/**
 * Each earlier version of a current fact (as published in its `history`) matches the value schema of its id.
 * The version the working tree holds is checked from the file itself, so only versions before it are read here.
 * A failing version is located in the file as it was committed: the line and column are those of that commit's
 * file, which the message names.
 */
export const checkValueHistory = async (
  root: string,
  facts: readonly LoadedFact[],
  history: FactHistory,
): Promise<Problem[]> => {
  const problems: Problem[] = [];
  for (const { fact } of facts) {
    const schema = valueSchemaFor(fact.id, fact.series);
    const timeline = history.facts.get(fact.id);
    if (schema === undefined || timeline === undefined) continue;
    for (const version of timeline.versions) {
      if (version.version >= fact.version) continue;
      const parsed = schema.safeParse(version.state.value);
      if (parsed.success) continue;
      const commit = version.lastCommit.sha;
      // Only a failing version is read again, as text, to locate its problems; the reader keeps parsed states only.
      const text = (await runGit(root, ["cat-file", "blob", `${commit}:${version.path}`])).toString("utf8");
      const doc = parseJsonDocument(version.path, text);
      for (const problem of issueProblems(doc, parsed.error.issues, ["value"])) {
        problems.push({
          ...problem,
          message: `version ${version.version} as committed in ${commit.slice(0, 12)} (line and column are in that commit's file): ${problem.message}`,
        });
      }
    }
  }
  return problems;
};

/**
 * A warning line for `npm run check` when a repository's history could not be read (a shallow clone), so its earlier
 * values went unchecked; undefined otherwise. A folder that is no repository has no history, and gets no line.
 */
export const historyWarning = (reading: HistoryReading): string | undefined =>
  "skipped" in reading && reading.unreadable
    ? `warning: the earlier versions of the facts were not checked against their value schemas: ${reading.skipped}`
    : undefined;

/**
 * What `npm run check` prints of a report before its evidence and summary lines: each problem, then each warning, as
 * `path:line:col: message (at /pointer) [rule]`, then the history warning when there is one.
 */
export const findingLines = (report: CheckReport): string[] => {
  const history = historyWarning(report.history);
  return [...report.problems, ...report.warnings].map(formatProblem).concat(history === undefined ? [] : [history]);
};

/** Rows for a job summary table: a header row, then one row per problem. */
export const summaryRows = (problems: readonly Problem[]): { data: string; header?: boolean }[][] => [
  [
    { data: "File", header: true },
    { data: "Line", header: true },
    { data: "JSON pointer", header: true },
    { data: "Problem", header: true },
    { data: "Rule", header: true },
  ],
  ...problems.map((problem) => [
    { data: escapeHtml(problem.file) },
    { data: String(problem.line) },
    { data: problem.pointer === "" ? "(document)" : escapeHtml(problem.pointer) },
    { data: escapeHtml(problem.message) },
    { data: problem.rule ?? "" },
  ]),
];

/**
 * A fact's `earlier` periods end on the day its first kept version took effect (docs/maintainers/decisions.md#time):
 * the versions come from git, so this is checked with the history. A version 1 in the working tree is checked by the
 * per-file rule.
 */
export const timelineJunctionProblems = (facts: readonly LoadedFact[], history: FactHistory): Problem[] =>
  facts.flatMap(({ doc, fact }) => {
    if (fact.earlier === undefined || fact.version === 1) return [];
    const committed = (history.facts.get(fact.id)?.versions ?? [])
      .filter((version) => version.version < fact.version)
      .map((version) => ({ version: version.version, effective_iso: version.state.effective_iso }));
    const versions = [...committed, { version: fact.version, effective_iso: fact.effective_iso }];
    const corrected = correctedVersions(versions, declaredCorrections(fact));
    const firstKept = keptVersions(versions, corrected)[0]?.version;
    return junctionProblems(fact.earlier, firstKept).map((problem) => doc.problemAt(problem.path, problem.message));
  });
