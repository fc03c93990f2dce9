/**
 * The reverify action: reads every cited source, then keeps one re-verification issue per due fact.
 */
import * as core from "@actions/core";
import type { Dispatcher } from "undici";
import { z } from "zod";
import { loadFacts } from "../../src/model/facts.ts";
import { organisationNamer, readOrganisations } from "../../src/model/reference.ts";
import {
  checkSources,
  readFingerprints,
  type SourceFinding,
  writeFingerprints,
} from "../../src/source-check/check-sources.ts";
import { fetchSource, sourceDispatcherFromEnvironment } from "../../src/source-check/fetch-source.ts";
import {
  createGitHubClient,
  dateOrEmpty,
  failOnError,
  nonEmptyText,
  optionalText,
  parseActionInputs,
  repositoryFromEnvironment,
  todayFromInput,
  trueOrFalse,
  wholeNumber,
} from "../../src/workflows/github.ts";
import { runReverify } from "./reverify.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  "within-days": wholeNumber(),
  label: nonEmptyText,
  "check-links": trueOrFalse,
  "link-timeout-seconds": wholeNumber(),
  /** Empty: no fingerprints are kept between runs. */
  fingerprints: optionalText,
  today: dateOrEmpty,
  token: nonEmptyText,
});

type ReverifyInputs = z.output<typeof Inputs>;
type LoadedFacts = Awaited<ReturnType<typeof loadFacts>>;

/**
 * What reading every cited source found. Every source is read, not only the due facts': a quote or page that is
 * gone makes its fact due at once. The page fingerprints are kept in the `fingerprints` file when one is named.
 */
const readSources = async (
  facts: LoadedFacts,
  inputs: ReverifyInputs,
  today: string,
  dispatcher: Dispatcher,
): Promise<SourceFinding[]> => {
  const timeoutMs = inputs["link-timeout-seconds"] * 1000;
  const previous = inputs.fingerprints ? await readFingerprints(inputs.fingerprints) : undefined;
  const checked = await checkSources(
    facts.map((loaded) => loaded.fact),
    { today, previous, fetch: (url) => fetchSource(url, { dispatcher, timeoutMs }) },
  );
  if (inputs.fingerprints) await writeFingerprints(inputs.fingerprints, checked.fingerprints);
  return checked.findings;
};

/** Opens, updates or closes one issue per fact due for re-verification, and reports what the source check found. */
const reverify = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const withinDays = inputs["within-days"];
  const today = todayFromInput(inputs.today);
  const dispatcher = sourceDispatcherFromEnvironment(process.env, inputs["link-timeout-seconds"] * 1000);
  try {
    const facts = await loadFacts(inputs.root);
    const findings = inputs["check-links"] ? await readSources(facts, inputs, today, dispatcher) : [];
    const result = await runReverify({
      facts,
      today,
      withinDays,
      label: inputs.label,
      client: createGitHubClient(inputs.token),
      repository: repositoryFromEnvironment(),
      findings,
      organisationName: organisationNamer((await readOrganisations(inputs.root)).organisations),
    });
    const count = (kind: string) => result.applied.filter((operation) => operation.kind === kind).length;
    const deadLinks = [
      ...new Map(
        findings.filter((finding) => finding.verdict === "page-gone").map((finding) => [finding.source.url, finding]),
      ).values(),
    ];
    const quotesGone = findings.filter((finding) => finding.verdict === "quote-gone");
    for (const finding of deadLinks)
      core.warning(`dead citation link ${finding.source.url}: ${finding.detail}`, { title: "Dead citation link" });
    for (const finding of quotesGone)
      core.warning(
        `${finding.source.factId}: the quote of ${finding.source.url} (${finding.source.pointer}) is no longer on the page`,
        {
          title: "Quote gone",
        },
      );
    core.setOutput("due", result.issues.length);
    core.setOutput("opened", count("open"));
    core.setOutput("updated", count("update"));
    core.setOutput("closed", count("close"));
    core.setOutput("dead-links", deadLinks.length);
    core.setOutput("quotes-gone", quotesGone.length);

    const issueOf = new Map(result.applied.map((operation) => [operation.factId, operation]));
    const summary = core.summary
      .addHeading("Re-verification", 2)
      .addRaw(
        `${result.issues.length} fact(s) expired, expiring within ${withinDays} days, with a source gone or with an expected announcement due and not recorded on ${today}: ${count("open")} issue(s) opened, ${count("update")} updated, ${count("unchanged")} unchanged, ${count("close")} closed; ${deadLinks.length} dead link(s), ${quotesGone.length} quote(s) gone.`,
        true,
      );
    if (result.issues.length > 0) {
      summary.addTable([
        [
          { data: "Fact", header: true },
          { data: "Issue", header: true },
          { data: "Action", header: true },
          { data: "Dead links", header: true },
          { data: "Quotes gone", header: true },
        ],
        ...result.issues.map((issue) => {
          const operation = issueOf.get(issue.factId);
          return [
            { data: issue.factId },
            { data: operation ? `#${operation.number}` : "" },
            { data: operation?.kind ?? "" },
            { data: String(issue.deadLinks.length) },
            { data: String(issue.quotesGone.length) },
          ];
        }),
      ]);
    }
    const closed = result.applied.filter((operation) => operation.kind === "close");
    if (closed.length > 0)
      summary
        .addHeading("Closed (re-verified)", 3)
        .addList(closed.map((operation) => `${operation.factId}: #${operation.number}`));
    await summary.write();
    core.info(
      `re-verification: ${result.issues.length} due, ${count("open")} opened, ${count("update")} updated, ${count("close")} closed`,
    );
  } finally {
    await dispatcher.close();
  }
};

/** The action: the runner starts it through this file, and the tests call it in their own process. */
export const run = (): Promise<void> => failOnError("re-verification could not run", reverify);

// The runner runs this file; the tests import it and call `run` in their own process.
if (import.meta.main) await run();
