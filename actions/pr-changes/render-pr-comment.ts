import { z } from "zod";
import type { IndexDataChange } from "../../src/affordability/index-data-changes.ts";
import { FACT_FILE_KEYS, FactId, IsoDate, MonthSlug } from "../../src/schemas/index.ts";
import { indexChangeMarkdown } from "../../src/workflows/index-data-text.ts";
import {
  codeBlock,
  codeSpan,
  escapeMarkdown,
  joinWithin,
  type Shape,
  shaped,
  tableCode,
  truncate,
} from "../../src/workflows/markdown.ts";
import type { ChangeKind, FactChange, PrChangesReport } from "./fact-changes.ts";

/** The hidden marker by which the one comment of a pull request is found again and updated in place. */
export const PR_COMMENT_MARKER = "<!-- facts-pr-comment -->";

/**
 * GitHub refuses comment bodies above 65,536 characters; stay well below. Lengths are counted in UTF-8 bytes, which
 * are never fewer than characters, so the limit holds however GitHub counts.
 */
export const MAX_COMMENT_BYTES = 60_000;

/** A list inside one part (months, changed keys, file names) is cut at this many characters, the rest counted. */
const MAX_LIST_LENGTH = 4_000;

const KIND_TITLE: Record<ChangeKind, string> = {
  revision: "revision",
  "re-verification": "re-verification",
  editorial: "editorial change",
  added: "new fact",
  deleted: "deleted",
};

/**
 * The shapes of the texts the comment shows as they are. The report comes from the pull request's own run, so its
 * schema is not trusted to have held them: a value of the wrong shape is shown as a placeholder, never as written.
 */
const SHAPES = {
  month: { shape: MonthSlug, what: "a month" },
  factId: { shape: FactId, what: "a fact id" },
  date: { shape: IsoDate, what: "a date" },
  /** A path under facts/ without controls or backticks (shown in a code span, cut when long). */
  factFile: { shape: z.string().regex(/^facts\/[^\p{Cc}\p{Cf}`]+$/u), what: "a file under facts/" },
  seriesFile: {
    shape: z.string().regex(/^index-data\/(mortgage-rates|benchmarks\/[a-z0-9-]+)\.json$/),
    what: "an index-data series file",
  },
  commit: { shape: z.string().regex(/^[0-9a-f]{7,64}$/), what: "a commit" },
  field: { shape: z.enum(FACT_FILE_KEYS), what: "a fact field" },
} as const satisfies Record<string, { shape: Shape; what: string }>;
type ShapeName = keyof typeof SHAPES;

/** Plain text of a known shape, or the placeholder. */
const plain = (text: unknown, name: ShapeName): string => shaped(text, SHAPES[name].shape, SHAPES[name].what);

/** A code span of a known shape (cut to 200 characters), or the placeholder. */
const code = (text: unknown, name: ShapeName): string =>
  typeof text === "string" && SHAPES[name].shape.safeParse(text).success
    ? codeSpan(truncate(text, 200))
    : `(not ${SHAPES[name].what})`;

const json = (value: unknown): string => JSON.stringify(value) ?? "";
const inline = (value: unknown): string => codeSpan(truncate(json(value), 200));
const dateOrDash = (date: string | undefined): string => (date === undefined ? "–" : plain(date, "date"));
/** A version number as written (none: a dash), or the placeholder. */
const versionNumber = (version: number | undefined): string =>
  version === undefined ? "–" : Number.isSafeInteger(version) && version >= 1 ? String(version) : "(not a version)";
const versionText = (version: number | undefined): string => {
  const number = versionNumber(version);
  return /^\d+$/.test(number) ? `v${number}` : number;
};

const heading = (change: FactChange): string => {
  const [from, to] = [versionText(change.version.from), versionText(change.version.to)];
  const versions =
    change.kind === "revision"
      ? `${from} → ${to}`
      : change.kind === "added"
        ? to
        : change.kind === "deleted"
          ? `was ${from}`
          : `version stays ${to}${change.version.from !== change.version.to ? ` (was ${from})` : ""}`;
  return `### ${code(change.id, "factId")}: ${KIND_TITLE[change.kind] ?? "(not a kind of change)"}, ${versions}`;
};

const datesTable = (change: FactChange): string[] => {
  const rows: [string, string, string][] = [
    ["version", versionNumber(change.version.from), versionNumber(change.version.to)],
    ["effective_iso", dateOrDash(change.effective_iso.from), dateOrDash(change.effective_iso.to)],
    ["expires_iso", dateOrDash(change.expires_iso.from), dateOrDash(change.expires_iso.to)],
    [
      "last verified (latest retrieved_iso)",
      dateOrDash(change.retrieved_iso.from),
      dateOrDash(change.retrieved_iso.to),
    ],
  ];
  // The unit is free text from the pull request: a code span whose pipes are escaped for the table.
  const unit = (value: string | undefined) => (value === undefined ? "–" : tableCode(truncate(value, 200)));
  if (change.unit.from !== change.unit.to) rows.push(["unit", unit(change.unit.from), unit(change.unit.to)]);
  return [
    "| | base | this pull request |",
    "|---|---|---|",
    ...rows.map(
      ([name, from, to]) => `| ${name} | ${from} | ${from !== to && from !== "–" && to !== "–" ? `**${to}**` : to} |`,
    ),
  ];
};

const valueDiffLines = (change: FactChange): string[] => {
  const diff = change.value_diff;
  if (!diff) return [];
  const where = (pointer: string) => (pointer === "" ? "the value" : codeSpan(truncate(pointer, 200)));
  const lines = [
    ...diff.changed_keys.map(
      (entry) => `- changed ${where(entry.pointer)}: ${inline(entry.from)} → ${inline(entry.to)}`,
    ),
    ...diff.added_keys.map((entry) => `- added ${where(entry.pointer)}: ${inline(entry.value)}`),
    ...diff.removed_keys.map((entry) => `- removed ${where(entry.pointer)}: ${inline(entry.value)}`),
  ];
  return lines.length === 0
    ? []
    : ["", "**value_diff**", "", joinWithin(lines, "\n", MAX_LIST_LENGTH, (rest) => `- and ${rest} more keys`)];
};

const valueBlocks = (change: FactChange): string[] => {
  const pretty = (value: unknown) => truncate(JSON.stringify(value, null, 2) ?? "", 3_000);
  const blocks: string[] = [];
  if (change.value.from !== undefined)
    blocks.push(
      change.kind === "deleted" ? "Value" : "Old value",
      "",
      codeBlock(pretty(change.value.from), "json"),
      "",
    );
  if (change.value.to !== undefined)
    blocks.push(change.kind === "added" ? "Value" : "New value", "", codeBlock(pretty(change.value.to), "json"), "");
  return blocks.length === 0 ? [] : ["", "<details><summary>Old and new value</summary>", "", ...blocks, "</details>"];
};

const explanation = (change: FactChange): string => {
  switch (change.kind) {
    case "revision":
      return "The rule changed (value, unit or effective_iso), so this is a revision: the version rises by exactly 1 and the commit message becomes the history note.";
    case "re-verification":
      return `Re-verified: the citations were checked again on ${dateOrDash(change.retrieved_iso.to)} and the verification now lapses on ${dateOrDash(change.expires_iso.to)}${change.expires_iso.from !== change.expires_iso.to ? ` (was ${dateOrDash(change.expires_iso.from)})` : ""}; the value is unchanged, so the version stays.`;
    case "editorial":
      return `Editorial edit of ${joinWithin(
        change.changed_fields.map((field) => code(field, "field")),
        ", ",
        MAX_LIST_LENGTH,
      )}; the rule is unchanged, so the version stays.`;
    case "added":
      return "A new fact; it starts at version 1.";
    case "deleted":
      return "This fact file is gone. Facts are never deleted: a withdrawn fact keeps its file as a tombstone, with withdrawn_iso and withdrawn_reason (and superseded_by where a fact replaces it).";
    default:
      return "";
  }
};

const section = (change: FactChange, withValues: boolean): string =>
  [
    heading(change),
    "",
    `${escapeMarkdown(truncate(change.label, 300))} · ${code(change.file, "factFile")}`,
    "",
    explanation(change),
    "",
    ...(change.kind === "deleted" ? [] : datesTable(change)),
    ...valueDiffLines(change),
    ...(withValues ? valueBlocks(change) : []),
    "",
    "",
  ].join("\n");

const tally = (changes: readonly FactChange[]): string => {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  const parts = [...counts].map(
    ([kind, count]) =>
      `${count} ${KIND_TITLE[kind as ChangeKind] ?? "(not a kind of change)"}${count === 1 ? "" : "s"}`,
  );
  return `${changes.length} fact${changes.length === 1 ? "" : "s"} changed: ${parts.join(", ")}.`;
};

/** One series file's changes, as the shared Markdown renderer writes them for the proposal and this comment. */
const indexDataBlock = (change: IndexDataChange): string =>
  [`${code(change.file, "seriesFile")}:`, ...indexChangeMarkdown(change), "", ""].join("\n");

const bytes = (text: string): number => Buffer.byteLength(text, "utf8");

/** Why the rest is not shown: how many fact changes and index input files were left out. */
const omitted = (facts: number, files: number): string => {
  const parts = [
    ...(facts > 0 ? [`${facts} more fact change${facts === 1 ? "" : "s"}`] : []),
    ...(files > 0 ? [`${files} more index input file${files === 1 ? "" : "s"}`] : []),
  ];
  return `…and ${parts.join(" and ")} (the full list is in the workflow run's job summary).\n\n`;
};

/**
 * The pull-request comment for a changes report: per fact what changed and whether it is a revision or a
 * re-verification, then the index inputs' changes. Every part is rendered once and its length counted: the whole
 * comment when it fits in `maxBytes`, else without the old and new values, else as many fact sections and then index
 * input files as fit, in order, with a line counting the rest. Time grows with the size of the report, not its square.
 */
export const renderPrComment = (report: PrChangesReport, maxBytes = MAX_COMMENT_BYTES): string => {
  const changes = report.changes;
  const head = [
    PR_COMMENT_MARKER,
    "## Fact changes in this pull request",
    "",
    changes.length === 0 ? "No fact changes: no fact file differs from the base branch." : tally(changes),
    "",
    "",
  ].join("\n");
  const files = report.unreadable.map((file) => code(file, "factFile"));
  const unreadable =
    files.length > 0
      ? `Not readable as facts (see the validate job's annotations): ${joinWithin(files, ", ", MAX_LIST_LENGTH)}\n\n`
      : "";
  const indexProblems = (report.index_data_problems ?? []).map((problem) => {
    const where = `line ${problem.line}, column ${problem.column}${problem.pointer === "" ? "" : ` at ${problem.pointer}`}`;
    return `- ${code(problem.file, "seriesFile")} ${problem.side === "base" ? "on the base branch" : "in this pull request"}: ${codeSpan(truncate(`${where}: ${problem.message}`, 300))}`;
  });
  const notCompared =
    indexProblems.length > 0
      ? `Index inputs not compared, since they could not be read (see the validate job's annotations):\n${joinWithin(indexProblems, "\n", MAX_LIST_LENGTH, (rest) => `- and ${rest} more problems`)}\n\n`
      : "";
  const indexBlocks = (report.index_data ?? []).map(
    (change, index) => (index === 0 ? "## Affordability index inputs\n\n" : "") + indexDataBlock(change),
  );
  const headSha = report.pull_request?.head_sha;
  const foot = `<sub>Compared with ${code(report.base.slice(0, 12), "commit")}${headSha ? ` at ${code(headSha.slice(0, 12), "commit")}` : ""}; updated in place on each push.</sub>\n`;

  const total = (blocks: readonly string[]) => blocks.reduce((sum, block) => sum + bytes(block), 0);
  const fixed = total([head, unreadable, notCompared, foot]);
  const indexBytes = total(indexBlocks);
  const full = changes.map((change) => section(change, true));
  if (fixed + total(full) + indexBytes <= maxBytes)
    return [head, ...full, unreadable, notCompared, ...indexBlocks, foot].join("");
  const compact = changes.map((change) => section(change, false));
  if (fixed + total(compact) + indexBytes <= maxBytes)
    return [head, ...compact, unreadable, notCompared, ...indexBlocks, foot].join("");

  // Too long even without the values: keep the parts in order while they fit, leaving room for the closing count.
  const blocks = [...compact, ...indexBlocks];
  const budget = maxBytes - fixed - bytes(omitted(changes.length, indexBlocks.length));
  let used = 0;
  let shown = 0;
  for (const block of blocks) {
    if (used + bytes(block) > budget) break;
    used += bytes(block);
    shown += 1;
  }
  const factsShown = Math.min(shown, changes.length);
  const filesShown = shown - factsShown;
  return [
    head,
    ...compact.slice(0, factsShown),
    unreadable,
    notCompared,
    ...indexBlocks.slice(0, filesShown),
    shown < blocks.length ? omitted(changes.length - factsShown, indexBlocks.length - filesShown) : "",
    foot,
  ].join("");
};
