import * as core from "@actions/core";
import { z } from "zod";
import { loadFacts } from "../../src/model/index.ts";
import { organisationNamer, readOrganisations } from "../../src/model/organisations.ts";
import { runConfirmChanges } from "../../src/workflows/confirm-change/run-confirm-changes.ts";
import {
  createGitHubClient,
  dateOrEmpty,
  failOnError,
  nonEmptyText,
  parseActionInputs,
  repositoryFromEnvironment,
  todayFromInput,
  wholeNumber,
} from "../../src/workflows/github.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  "within-days": wholeNumber,
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
      ...operations.map((operation) => [{ data: operation.key }, { data: `#${operation.number}` }, { data: operation.kind }]),
    ]);
  }
  await summary.write();
  for (const operation of pending) core.notice(`announced change ${operation.key} awaits confirmation: #${operation.number}`, { title: "Announced change" });
};

/** The action: the runner starts it through this file, and the tests call it in their own process. */
export const run = (): Promise<void> => failOnError("the confirmation issues could not be updated", confirmChanges);

// The runner runs this file; the tests import it and call `run` in their own process.
if (import.meta.main) await run();
