import * as core from "@actions/core";
import { todayFromEnvironment } from "../../src/lib/today.ts";
import { loadFacts } from "../../src/model/index.ts";
import { runConfirmChanges } from "../../src/workflows/confirm-change/run-confirm-changes.ts";
import { createGitHubClient } from "../../src/workflows/github/create-github-client.ts";
import { repositoryFromEnvironment } from "../../src/workflows/github/repository-from-environment.ts";

const run = async (): Promise<void> => {
  const root = core.getInput("root") || ".";
  const withinText = core.getInput("within-days") || "14";
  if (!/^\d+$/.test(withinText)) throw new Error(`within-days must be a whole number, got "${withinText}"`);
  const label = core.getInput("label") || "confirm-change";
  const today = todayFromEnvironment(core.getInput("today") ? { FACTS_TODAY: core.getInput("today") } : process.env);
  const operations = await runConfirmChanges({
    facts: await loadFacts(root),
    today,
    withinDays: Number(withinText),
    label,
    client: createGitHubClient(core.getInput("token")),
    repository: repositoryFromEnvironment(),
  });
  const count = (kind: string) => operations.filter((operation) => operation.kind === kind).length;
  const pending = operations.filter((operation) => operation.kind !== "close");
  core.setOutput("pending", pending.length);
  core.setOutput("opened", count("open"));
  core.setOutput("updated", count("update"));
  core.setOutput("closed", count("close"));
  const summary = core.summary
    .addHeading("Announced changes to confirm", 2)
    .addRaw(`${pending.length} announced change(s) due within ${withinText} days of ${today}: ${count("open")} issue(s) opened, ${count("update")} updated, ${count("unchanged")} unchanged, ${count("close")} closed.`, true);
  if (operations.length > 0) {
    summary.addTable([
      [{ data: "Change", header: true }, { data: "Issue", header: true }, { data: "Action", header: true }],
      ...operations.map((operation) => [{ data: operation.key }, { data: `#${operation.number}` }, { data: operation.kind }]),
    ]);
  }
  await summary.write();
  for (const operation of pending) core.notice(`announced change ${operation.key} awaits confirmation: #${operation.number}`, { title: "Announced change" });
};

run().catch((error: unknown) => core.setFailed(`the confirmation issues could not be updated: ${error instanceof Error ? error.message : String(error)}`));
