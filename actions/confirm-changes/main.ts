/**
 * The confirm-changes action: one issue per announced scheduled change due within the window, asking a person to
 * confirm it was enacted, kept current and closed once settled.
 */
import * as core from "@actions/core";
import { z } from "zod";
import { addDays, daysBetween } from "../../src/lib/dates.ts";
import { type LoadedFact, loadFacts } from "../../src/model/facts.ts";
import { organisationNamer, readOrganisations } from "../../src/model/reference.ts";
import type { ScheduledChange } from "../../src/schemas/index.ts";
import {
  createGitHubClient,
  dateOrEmpty,
  ensureLabel,
  type FactIssueOptions,
  failOnError,
  nonEmptyText,
  parseActionInputs,
  repositoryFromEnvironment,
  todayFromInput,
  wholeNumber,
} from "../../src/workflows/github.ts";
import { codeBlock, codeSpan, escapeMarkdown, truncate } from "../../src/workflows/markdown.ts";

/** The hidden marker that ties an issue to one announced change: the fact id and the change's date. */
export const confirmMarker = (key: string): string => `<!-- facts-confirm-change:${key} -->`;
const MARKER = /<!-- facts-confirm-change:([a-z0-9_.]+@\d{4}-\d{2}-\d{2}) -->/;
export const confirmKeyOfIssueBody = (body: string | null | undefined): string | undefined =>
  MARKER.exec(body ?? "")?.[1];

export interface ConfirmIssue {
  /** `<fact id>@<effective_iso>`: one issue per announced change. */
  key: string;
  factId: string;
  title: string;
  body: string;
}

const when = (today: string, date: string): string => {
  const days = daysBetween(today, date);
  if (days < 0) return `fell due ${-days} day${days === -1 ? "" : "s"} ago`;
  if (days === 0) return "falls due today";
  return `falls due in ${days} day${days === 1 ? "" : "s"}`;
};

/**
 * The issue asking a person to confirm an announced change: what was announced, the value it would publish, where it
 * was announced, and the three ways to settle it (enacted, moved, dropped).
 */
export const renderConfirmIssue = (
  { doc, fact }: LoadedFact,
  change: ScheduledChange,
  today: string,
  organisationName: (org: string) => string = (org) => org,
): ConfirmIssue => {
  const key = `${fact.id}@${change.effective_iso}`;
  const index = (fact.scheduled ?? []).indexOf(change);
  const lines = [
    confirmMarker(key),
    `**${escapeMarkdown(fact.label)}** (${codeSpan(fact.id)}, version ${fact.version}): an announced change ${when(today, change.effective_iso)} (effective ${change.effective_iso}).`,
    "",
    `> ${escapeMarkdown(change.note)}`,
    "",
    `File: ${codeSpan(doc.file)}, ${codeSpan(`scheduled[${index}]`)}. It is not published as the current value until its enactment is confirmed.`,
    "",
    "### What to check",
    "",
    "That the measure was enacted (a statute with royal assent, a regulation deposited or an order in council) with this date and this value:",
    "",
    codeBlock(truncate(JSON.stringify(change.value, null, 2), 3_000), "json"),
    "",
    "### Where it was announced",
    "",
    ...change.citations.map(
      (citation, position) =>
        `${position + 1}. ${escapeMarkdown(citation.title ?? organisationName(citation.org))}: ${citation.url} (${escapeMarkdown(organisationName(citation.org))}${citation.kind ? `, ${citation.kind}` : ""}; retrieved ${citation.retrieved_iso})`,
    ),
    "",
    "### How to settle it",
    "",
    `- **Enacted as announced:** in a pull request, set its ${codeSpan("status")} to ${codeSpan("enacted")} and cite the enacting text; the daily promotion publishes it on its date (or at once if the date has passed).`,
    `- **Enacted with another date or value:** change ${codeSpan("effective_iso")} or ${codeSpan("value")} to what was enacted, with the same status change.`,
    `- **Not enacted, or postponed:** remove the entry, or move its ${codeSpan("effective_iso")} and keep ${codeSpan("announced")}.`,
    "",
    "This issue closes itself once the entry is no longer pending.",
    "",
    `<sub>Updated by the promotion workflow on ${today}.</sub>`,
  ];
  return {
    key,
    factId: fact.id,
    title: `Confirm the announced change to ${fact.id} effective ${change.effective_iso}`,
    body: `${lines.join("\n")}\n`,
  };
};

export interface ConfirmOperation {
  kind: "open" | "update" | "unchanged" | "close";
  key: string;
  number: number;
}

/** An announced change is raised `withinDays` before its date, so it can be confirmed in time. */
export type ConfirmOptions = FactIssueOptions;

/** The announced changes that fall due within the window (or already have): one issue each. */
export const dueAnnouncedChanges = (
  facts: readonly LoadedFact[],
  today: string,
  withinDays: number,
  organisationName?: (org: string) => string,
): ConfirmIssue[] => {
  const until = addDays(today, withinDays);
  return facts.flatMap((loaded) =>
    (loaded.fact.scheduled ?? [])
      .filter((change) => change.status === "announced" && change.effective_iso <= until)
      .map((change) => renderConfirmIssue(loaded, change, today, organisationName)),
  );
};

/**
 * Opens one issue per announced change that falls due, keeps it current (reopening it if it was closed while the
 * change is still pending), and closes the open issue of a change that is no longer pending. Issues are found by a
 * hidden marker, so running twice creates nothing twice.
 */
export const runConfirmChanges = async (options: ConfirmOptions): Promise<ConfirmOperation[]> => {
  const { client, repository, label } = options;
  const due = dueAnnouncedChanges(options.facts, options.today, options.withinDays, options.organisationName);
  const listed = await client.paginate(client.rest.issues.listForRepo, {
    ...repository,
    labels: label,
    state: "all",
    per_page: 100,
  });
  const existing = listed.flatMap((issue) => {
    const key = confirmKeyOfIssueBody(issue.body);
    return issue.pull_request || key === undefined
      ? []
      : [{ number: issue.number, state: issue.state, title: issue.title, body: issue.body ?? "", key }];
  });
  const operations: ConfirmOperation[] = [];
  if (due.some((issue) => !existing.some((each) => each.key === issue.key))) {
    await ensureLabel(client, repository, label, "Announced changes to confirm before they are published");
  }
  for (const issue of due) {
    const matches = existing
      .filter((each) => each.key === issue.key)
      .sort((a, b) => Number(b.state === "open") - Number(a.state === "open") || b.number - a.number);
    const current = matches[0];
    if (!current) {
      const { data } = await client.rest.issues.create({
        ...repository,
        title: issue.title,
        body: issue.body,
        labels: [label],
      });
      // Without its label the issue would not be found again and the next run would open another one.
      if (!data.labels.some((each) => (typeof each === "string" ? each : each.name) === label)) {
        throw new Error(
          `issue #${data.number} was created without the label "${label}" (the token may not set labels); label it by hand so it is found again`,
        );
      }
      operations.push({ kind: "open", key: issue.key, number: data.number });
    } else if (current.state === "open" && current.title === issue.title && current.body === issue.body) {
      operations.push({ kind: "unchanged", key: issue.key, number: current.number });
    } else {
      await client.rest.issues.update({
        ...repository,
        issue_number: current.number,
        title: issue.title,
        body: issue.body,
        state: "open",
      });
      operations.push({ kind: "update", key: issue.key, number: current.number });
    }
  }
  const dueKeys = new Set(due.map((issue) => issue.key));
  for (const issue of existing) {
    if (issue.state !== "open" || dueKeys.has(issue.key)) continue;
    const [factId, date] = issue.key.split("@");
    await client.rest.issues.createComment({
      ...repository,
      issue_number: issue.number,
      body: `No longer pending: \`${factId}\` has no announced change for ${date} in \`scheduled\` any more (it was confirmed and promoted, moved or dropped). Closing.`,
    });
    await client.rest.issues.update({
      ...repository,
      issue_number: issue.number,
      state: "closed",
      state_reason: "completed",
    });
    operations.push({ kind: "close", key: issue.key, number: issue.number });
  }
  return operations;
};

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  "within-days": wholeNumber(),
  label: nonEmptyText,
  today: dateOrEmpty,
  token: nonEmptyText,
});

/** Opens, updates or closes one issue per announced change due within the window, and reports the counts. */
const confirmChanges = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const today = todayFromInput(inputs.today);
  const operations = await runConfirmChanges({
    facts: await loadFacts(inputs.root),
    today,
    withinDays: inputs["within-days"],
    label: inputs.label,
    client: createGitHubClient(inputs.token),
    repository: repositoryFromEnvironment(),
    organisationName: organisationNamer((await readOrganisations(inputs.root)).organisations),
  });
  const count = (kind: string) => operations.filter((operation) => operation.kind === kind).length;
  const pending = operations.filter((operation) => operation.kind !== "close");
  core.setOutput("pending", pending.length);
  core.setOutput("opened", count("open"));
  core.setOutput("updated", count("update"));
  core.setOutput("closed", count("close"));
  const summary = core.summary
    .addHeading("Announced changes to confirm", 2)
    .addRaw(
      `${pending.length} announced change(s) due within ${inputs["within-days"]} days of ${today}: ${count("open")} issue(s) opened, ${count("update")} updated, ${count("unchanged")} unchanged, ${count("close")} closed.`,
      true,
    );
  if (operations.length > 0) {
    summary.addTable([
      [
        { data: "Change", header: true },
        { data: "Issue", header: true },
        { data: "Action", header: true },
      ],
      ...operations.map((operation) => [
        { data: operation.key },
        { data: `#${operation.number}` },
        { data: operation.kind },
      ]),
    ]);
  }
  await summary.write();
  for (const operation of pending)
    core.notice(`announced change ${operation.key} awaits confirmation: #${operation.number}`, {
      title: "Announced change",
    });
};

/** The action: the runner starts it through this file, and the tests call it in their own process. */
export const run = (): Promise<void> => failOnError("the confirmation issues could not be updated", confirmChanges);

// The runner runs this file; the tests import it and call `run` in their own process.
if (import.meta.main) await run();
