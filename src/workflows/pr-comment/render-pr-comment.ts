import { formatCad, formatPercent } from "../../render/pages/text/index.ts";
import { codeBlock, codeSpan, escapeMarkdown, tableCode, truncate } from "../github/markdown/markdown-text.ts";
import type { IndexDataChange } from "../pr-changes/index-data-changes.ts";
import type { ChangeKind, FactChange, PrChangesReport } from "../pr-changes/pr-changes-report.ts";

/** The hidden marker by which the one comment of a pull request is found again and updated in place. */
export const PR_COMMENT_MARKER = "<!-- facts-pr-comment -->";

/** GitHub refuses comment bodies above 65,536 characters; stay well below. */
const MAX_BODY = 60_000;

const KIND_TITLE: Record<ChangeKind, string> = {
  revision: "revision",
  "re-verification": "re-verification",
  editorial: "editorial change",
  added: "new fact",
  deleted: "deleted",
};

const json = (value: unknown): string => JSON.stringify(value) ?? "";
const inline = (value: unknown): string => codeSpan(truncate(json(value), 200));
const dateOrDash = (date: string | undefined): string => (date === undefined ? "–" : date);

/** Dates and version numbers as written; anything else a pull request put there, escaped. */
const plainOrEscaped = (text: string): string => (/^[\w.-]*$/.test(text) ? text : escapeMarkdown(text));

const heading = (change: FactChange): string => {
  const { from, to } = change.version;
  const versions =
    change.kind === "revision"
      ? `v${from} → v${to}`
      : change.kind === "added"
        ? `v${to}`
        : change.kind === "deleted"
          ? `was v${from}`
          : `version stays v${to}${from !== to ? ` (was v${from})` : ""}`;
  return `### ${codeSpan(change.id)}: ${KIND_TITLE[change.kind]}, ${versions}`;
};

const datesTable = (change: FactChange): string[] => {
  const rows: [string, string | number | undefined, string | number | undefined][] = [
    ["version", change.version.from, change.version.to],
    ["effective_iso", change.effective_iso.from, change.effective_iso.to],
    ["expires_iso", change.expires_iso.from, change.expires_iso.to],
    ["last verified (latest retrieved_iso)", change.retrieved_iso.from, change.retrieved_iso.to],
  ];
  if (change.unit.from !== change.unit.to) rows.push(["unit", change.unit.from, change.unit.to]);
  return [
    "| | base | this pull request |",
    "|---|---|---|",
    ...rows.map(([name, from, to]) => {
      // Cells come from the pull request: the unit is shown as code, dates and versions as escaped text.
      const show = (value: string | number | undefined) =>
        value === undefined ? "–" : name === "unit" ? tableCode(String(value)) : plainOrEscaped(String(value));
      const changed = from !== to && from !== undefined && to !== undefined;
      return `| ${name} | ${show(from)} | ${changed ? `**${show(to)}**` : show(to)} |`;
    }),
  ];
};

const valueDiffLines = (change: FactChange): string[] => {
  const diff = change.value_diff;
  if (!diff) return [];
  const where = (pointer: string) => (pointer === "" ? "the value" : codeSpan(pointer));
  const lines = [
    ...diff.changed_keys.map((entry) => `- changed ${where(entry.pointer)}: ${inline(entry.from)} → ${inline(entry.to)}`),
    ...diff.added_keys.map((entry) => `- added ${where(entry.pointer)}: ${inline(entry.value)}`),
    ...diff.removed_keys.map((entry) => `- removed ${where(entry.pointer)}: ${inline(entry.value)}`),
  ];
  return lines.length === 0 ? [] : ["", "**value_diff**", "", ...lines];
};

const valueBlocks = (change: FactChange): string[] => {
  const pretty = (value: unknown) => truncate(JSON.stringify(value, null, 2) ?? "", 3_000);
  const blocks: string[] = [];
  if (change.value.from !== undefined) blocks.push(change.kind === "deleted" ? "Value" : "Old value", "", codeBlock(pretty(change.value.from), "json"), "");
  if (change.value.to !== undefined) blocks.push(change.kind === "added" ? "Value" : "New value", "", codeBlock(pretty(change.value.to), "json"), "");
  return blocks.length === 0 ? [] : ["", "<details><summary>Old and new value</summary>", "", ...blocks, "</details>"];
};

const explanation = (change: FactChange): string => {
  switch (change.kind) {
    case "revision":
      return "The rule changed (value, unit or effective_iso), so this is a revision: the version rises by exactly 1 and the commit message becomes the history note.";
    case "re-verification":
      return `Re-verified: the citations were checked again on ${dateOrDash(change.retrieved_iso.to)} and the verification now lapses on ${dateOrDash(change.expires_iso.to)}${change.expires_iso.from !== change.expires_iso.to ? ` (was ${dateOrDash(change.expires_iso.from)})` : ""}; the value is unchanged, so the version stays.`;
    case "editorial":
      return `Editorial edit of ${change.changed_fields.map((field) => codeSpan(field)).join(", ")}; the rule is unchanged, so the version stays.`;
    case "added":
      return "A new fact; it starts at version 1.";
    case "deleted":
      return "This fact file is gone. Facts are never deleted: a retired rule keeps its file and sets superseded_by.";
  }
};

const section = (change: FactChange, withValues: boolean): string[] => [
  heading(change),
  "",
  `${escapeMarkdown(change.label)} · ${codeSpan(change.file)}`,
  "",
  explanation(change),
  "",
  ...(change.kind === "deleted" ? [] : datesTable(change)),
  ...valueDiffLines(change),
  ...(withValues ? valueBlocks(change) : []),
  "",
];

const tally = (changes: readonly FactChange[]): string => {
  const counts = new Map<ChangeKind, number>();
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => `${count} ${KIND_TITLE[kind]}${count === 1 ? "" : "s"}`);
  return `${changes.length} fact${changes.length === 1 ? "" : "s"} changed: ${parts.join(", ")}.`;
};

const indexValue = (measure: IndexDataChange["measure"], value: number): string => (measure === "rate" ? formatPercent(value) : formatCad(value));

/** The index inputs' changes: per file, the months added, revised (old → new), removed and re-sourced. */
const indexDataLines = (changes: readonly IndexDataChange[]): string[] =>
  changes.length === 0
    ? []
    : [
        "## Affordability index inputs",
        "",
        ...changes.flatMap((change) => [
          `${codeSpan(change.file)}:`,
          ...(change.added.length > 0 ? [`- new: ${change.added.map((entry) => `${entry.month} ${indexValue(change.measure, entry.value)}`).join(", ")}`] : []),
          ...change.revised.map((entry) => `- revised ${entry.month}: ${indexValue(change.measure, entry.from)} → ${indexValue(change.measure, entry.to)}`),
          ...(change.removed.length > 0
            ? [`- removed: ${change.removed.map((entry) => `${entry.month} ${indexValue(change.measure, entry.value)}`).join(", ")}`]
            : []),
          ...(change.resourced.length > 0 ? [`- same value, new source: ${change.resourced.join(", ")}`] : []),
          "",
        ]),
      ];

const render = (report: PrChangesReport, shown: number, withValues: boolean): string => {
  const changes = report.changes;
  const lines = [PR_COMMENT_MARKER, "## Fact changes in this pull request", ""];
  lines.push(changes.length === 0 ? "No fact changes: no fact file differs from the base branch." : tally(changes), "");
  for (const change of changes.slice(0, shown)) lines.push(...section(change, withValues));
  if (shown < changes.length) lines.push(`…and ${changes.length - shown} more (the full list is in the workflow run's job summary).`, "");
  if (report.unreadable.length > 0) {
    lines.push(`Not readable as facts (see the validate job's annotations): ${report.unreadable.map((file) => codeSpan(file)).join(", ")}`, "");
  }
  lines.push(...indexDataLines(report.index_data ?? []));
  const head = report.pull_request?.head_sha;
  lines.push(
    `<sub>Compared with ${codeSpan(report.base.slice(0, 12))}${head ? ` at ${codeSpan(head.slice(0, 12))}` : ""}; updated in place on each push.</sub>`,
  );
  return `${lines.join("\n")}\n`;
};

/** The pull-request comment for a changes report: per fact what changed and whether it is a revision or a re-verification. */
export const renderPrComment = (report: PrChangesReport): string => {
  const full = render(report, report.changes.length, true);
  if (full.length <= MAX_BODY) return full;
  const compact = render(report, report.changes.length, false);
  if (compact.length <= MAX_BODY) return compact;
  let shown = report.changes.length;
  let body = compact;
  while (body.length > MAX_BODY && shown > 0) body = render(report, --shown, false);
  return body;
};
