import * as core from "@actions/core";
import { loadFacts } from "../../src/model/facts.ts";
import { organisationNamer, readOrganisations } from "../../src/model/reference.ts";
import { parseActionInputs, todayFromInput } from "../../src/workflows/actions/action-inputs.ts";
import { failOnError } from "../../src/workflows/actions/fail-on-error.ts";
import { runConfirmChanges } from "../../src/workflows/confirm-change/run-confirm-changes.ts";
import { createGitHubClient } from "../../src/workflows/github/create-github-client.ts";
import { repositoryFromEnvironment } from "../../src/workflows/github/repository-from-environment.ts";
import { Inputs } from "./inputs.ts";

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
      ...operations.map((operation) => [{ data: operation.key }, { data: `#${operation.number}` }, { data: operation.kind }]),
    ]);
  }
  await summary.write();
  for (const operation of pending) core.notice(`announced change ${operation.key} awaits confirmation: #${operation.number}`, { title: "Announced change" });
};

/** The action: its entry file calls this, and the tests call it in-process. */
export const run = (): Promise<void> => failOnError("the confirmation issues could not be updated", confirmChanges);
