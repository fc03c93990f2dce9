/**
 * The build's two ends: `buildModel` reads and checks the data and its git history into the model every renderer
 * takes (src/render); src/build/write-tree.ts writes the rendered tree and swaps it in whole.
 */

import path from "node:path";
import { computeSeries } from "../affordability/compute-series.ts";
import { loadIndexData, publishIndexData } from "../affordability/index-data.ts";
import { historyProblems } from "../check/history-rules.ts";
import { runChecks } from "../check/run-checks.ts";
import { changeEvents } from "../derive/change-events.ts";
import { diffIndex, factDiffs, historyEntries, timelineRecords } from "../derive/fact-diffs.ts";
import {
  type CommitInfo,
  type FactStateChange,
  type FactTimeline,
  type FactVersion,
  readFactHistory,
} from "../derive/fact-history.ts";
import { placeRecords, unknownAreas } from "../derive/place-rules.ts";
import { englishWords, readPageWords } from "../i18n/words-files.ts";
import { DEFAULT_REPOSITORY, urlsFor } from "../lib/config.ts";
import { isoDateTimeOfSeconds } from "../lib/dates.ts";
import { ProblemsFound } from "../lib/errors.ts";
import { runGit } from "../lib/git.ts";
import { compareProblems, formatProblem } from "../lib/problem.ts";
import { compareText, toJsonPointer } from "../lib/text.ts";
import { publishCitation, publishNextExpected, publishVersionCitation } from "../model/reference.ts";
import { pageLanguages } from "../render/page-language.ts";
import { placeReasonWords } from "../render/place-reasons.ts";
import type { SiteFiles, SiteModel, WithdrawnFact } from "../render/site-model.ts";
import { summarizeValue } from "../render/text.ts";
import type { Citation, SigningKeySet, VersionCitation } from "../schemas/index.ts";
import { type Fact, factFromFile } from "../schemas/index.ts";
import { KEYS_FILE, readSigningKeys } from "../signing/signing-keys.ts";
import { bundleCalculators, bundleSearch } from "./bundle-scripts.ts";
import { writeTree } from "./write-tree.ts";

/**
 * Loads and validates `facts/`, reads its history from git and derives history and diffs. Invalid data stops the
 * build with every problem listed, so nothing half-valid is ever published. The public keys it publishes are
 * `signingKeys`, or by default the set committed at `keys/jwks.json` (none when the repository has no such file). The
 * fact pages' report and edit links name `repository`, by default DEFAULT_REPOSITORY.
 */
export const buildModel = async (
  root: string,
  options: { baseUrl: string; today: string; signingKeys?: SigningKeySet; websubHub?: string; repository?: string },
): Promise<SiteModel> => {
  const report = await runChecks(root, { today: options.today });
  if (report.problems.length > 0) {
    throw new ProblemsFound(`the data does not pass npm run check:\n${report.problems.map(formatProblem).join("\n")}`);
  }
  const organisations = report.organisations;
  // The check has read the registry, or reported why it could not, and stopped the build above.
  if (organisations === undefined) throw new Error("the organisation registry could not be read");
  const publish = {
    citation: publishCitation.bind(null, organisations),
    nextExpected: publishNextExpected.bind(null, organisations),
  };
  const urls = urlsFor(options.baseUrl);
  const [history, indexInputs, lastDataCommit, lastIndexCommit, signingKeys, calculatorsScript, searchScript] =
    await Promise.all([
      // The check has read the history already (to check each earlier value); read here only where it could not.
      "history" in report.history ? report.history.history : readFactHistory(root),
      loadIndexData(root),
      runGit(root, ["log", "-1", "--format=%ct", "--", "facts", "index-data"]),
      runGit(root, ["log", "-1", "--format=%ct", "--", "index-data"]),
      options.signingKeys ?? readSigningKeys(path.join(root, KEYS_FILE), { missing: "empty" }),
      bundleCalculators(),
      bundleSearch(),
    ]);
  // The history is published only when every step of it keeps the rules: each version's note read from the commit
  // that raised it, no version going down, no withdrawn fact coming back (src/check/history-rules.ts).
  const refused = historyProblems(history, report.facts);
  if (refused.length > 0) {
    throw new ProblemsFound(
      `the history of facts/ cannot be published:\n${refused.sort(compareProblems).map(formatProblem).join("\n")}`,
    );
  }
  // The index's citations are published as the facts' are: the organisation's name, id and kind.
  const indexData = publishIndexData(indexInputs, publish.citation);
  const lastSeconds = Number(lastDataCommit.toString("utf8").trim() || "0");
  const generatedAt = isoDateTimeOfSeconds(lastSeconds);
  const lastIndexSeconds = Number(lastIndexCommit.toString("utf8").trim() || "0");
  const indexChangedAt = lastIndexSeconds === 0 ? generatedAt : isoDateTimeOfSeconds(lastIndexSeconds);
  // A local build may show edits not committed yet; they are dated with the data they sit on, never with the clock.
  const workingTree: CommitInfo = {
    sha: "0".repeat(40),
    committed_at: generatedAt,
    message: "uncommitted change in the working tree",
  };

  // Every list the build writes keeps this order: ids by compareText, the one comparison used for ids everywhere.
  const loaded = [...report.facts].sort((a, b) => compareText(a.fact.id, b.fact.id));

  const facts: Fact[] = [];
  const withdrawn: WithdrawnFact[] = [];
  const timelines = new Map<string, FactTimeline>();
  const lastChanged = new Map<string, CommitInfo>();
  const changesById = new Map<string, FactStateChange[]>();
  for (const change of history.changes) {
    const changes = changesById.get(change.id);
    if (changes) changes.push(change);
    else changesById.set(change.id, [change]);
  }
  for (const { doc, fact } of loaded) {
    const committed = history.facts.get(fact.id)?.versions.filter((version) => version.version <= fact.version) ?? [];
    const last = committed.at(-1);
    // The working tree wins over git: a local build shows uncommitted edits, and CI builds have none.
    const current: FactVersion =
      last && last.version === fact.version
        ? { ...last, state: fact, path: doc.file }
        : {
            version: fact.version,
            introduced: workingTree,
            introducedState: fact,
            state: fact,
            path: doc.file,
            lastCommit: workingTree,
          };
    const versions = [...committed.filter((version) => version.version < fact.version), current];
    const timeline: FactTimeline = { id: fact.id, path: doc.file, versions };
    timelines.set(fact.id, timeline);
    lastChanged.set(fact.id, current.lastCommit);
    const factHistory = historyEntries(versions, {
      file: fact,
      records: timelineRecords(changesById.get(fact.id) ?? []),
      uncommittedDate: generatedAt.slice(0, 10),
      summarize: summarizeValue,
      publishCitation: publish.citation,
    });
    const published = factFromFile(
      fact,
      {
        history: factHistory,
        canonical_url: urls.factById(fact.id),
        summary: summarizeValue(fact.value, fact.unit, fact.summary_keys),
        recorded_iso: current.introduced.committed_at.slice(0, 10),
      },
      publish,
    );
    // A tombstone keeps its history and diffs, and its single-fact response; it leaves everything that lists current
    // facts.
    if (fact.withdrawn_iso !== undefined && fact.withdrawn_reason !== undefined) {
      withdrawn.push({
        fact: published,
        withdrawal: {
          withdrawn_iso: fact.withdrawn_iso,
          reason: fact.withdrawn_reason,
          superseded_by: fact.superseded_by ?? null,
        },
      });
    } else {
      facts.push(published);
    }
  }
  // The register passed its rules, or the check reported why and stopped the build above.
  const register = report.places;
  if (register === undefined) throw new Error("the register of places could not be read");
  const unknown = unknownAreas(facts, register);
  if (unknown.length > 0) {
    throw new ProblemsFound(
      `the facts name areas that are no place of reference/places.json:\n${unknown
        .map(
          (area) =>
            `${timelines.get(area.fact_id)?.path ?? area.fact_id}: ${area.version === null ? `the period from ${area.from}` : `version ${area.version}`} at ${toJsonPointer(["value", ...area.path])}: "${area.name}"`,
        )
        .join("\n")}`,
    );
  }
  const places = placeRecords(
    facts,
    register,
    urls,
    ({ id: _id, ...citation }) => publish.citation(citation),
    // The API's `why` is the English page's words for the same reason.
    (programme, place, reason, nameOf) => placeReasonWords(englishWords(), programme, place, reason, nameOf),
  );
  // A citation a commit left as it was is one object in every state of the fact (readFactHistory), and is published
  // once for all of them.
  const publishedCitations = new WeakMap<Citation, VersionCitation>();
  const publishVersion = (citation: Citation): VersionCitation => {
    let published = publishedCitations.get(citation);
    if (published === undefined) {
      published = publishVersionCitation(organisations, citation);
      publishedCitations.set(citation, published);
    }
    return published;
  };
  const diffs = [...timelines.values()].flatMap((timeline) => factDiffs(timeline, urls, publishVersion));
  const diffKeys = new Set(diffs.map((diff) => `${diff.fact_id} ${diff.from} ${diff.to}`));
  // Committed changes only: an uncommitted edit has no commit to name it by, so it would have no stable id.
  const live = new Set(facts.map((fact) => fact.id));
  const changes = changeEvents(
    history.changes,
    urls,
    (id, from, to) => diffKeys.has(`${id} ${from} ${to}`),
    (id) => live.has(id),
  );
  return {
    urls,
    websubHub: options.websubHub,
    repository: options.repository ?? DEFAULT_REPOSITORY,
    today: options.today,
    generatedAt,
    indexChangedAt,
    facts,
    withdrawn,
    timelines,
    lastChanged,
    diffs,
    diffIndex: diffIndex(diffs, urls, generatedAt),
    changes,
    index: { ...computeSeries(indexData, options.today), data: indexData },
    organisations: organisations.list,
    searchAliases: report.searchAliases ?? new Map(),
    places,
    signingKeys,
    calculatorsScript,
    searchScript,
    languages: pageLanguages(await readPageWords(facts)),
  };
};

/**
 * Writes a rendered tree held whole (a test's) into `outDir` and swaps it in whole: see writeTree, which `npm run
 * build` gives each file as it is rendered.
 */
export const writeSite = async (files: SiteFiles, outDir: string): Promise<void> => {
  await writeTree(files, outDir);
};
