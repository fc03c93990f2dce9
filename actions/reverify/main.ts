import * as core from "@actions/core";
import { todayFromEnvironment } from "../../src/lib/today.ts";
import { loadFacts } from "../../src/model/index.ts";
import { createGitHubClient } from "../../src/workflows/github/create-github-client.ts";
import { repositoryFromEnvironment } from "../../src/workflows/github/repository-from-environment.ts";
import { runReverify } from "../../src/workflows/reverify/run-reverify.ts";
import { sourceDispatcherFromEnvironment } from "../../src/sources/source-dispatcher-from-environment.ts";
import { checkSources, type SourceFinding } from "../../src/sources/check-sources.ts";
import { fetchSource } from "../../src/sources/fetch-source.ts";
import { readFingerprints, writeFingerprints } from "../../src/sources/fingerprint-file.ts";

const wholeNumber = (name: string, fallback: string): number => {
  const text = core.getInput(name) || fallback;
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got "${text}"`);
  return Number(text);
};

const run = async (): Promise<void> => {
  const root = core.getInput("root") || ".";
  const withinDays = wholeNumber("within-days", "30");
  const timeoutMs = wholeNumber("link-timeout-seconds", "20") * 1000;
  const fingerprintsFile = core.getInput("fingerprints");
  const label = core.getInput("label") || "reverify";
  const checkLinksText = core.getInput("check-links") || "true";
  if (checkLinksText !== "true" && checkLinksText !== "false") throw new Error(`check-links must be true or false, got "${checkLinksText}"`);
  const checkLinksInput = checkLinksText === "true";
  const today = todayFromEnvironment(core.getInput("today") ? { FACTS_TODAY: core.getInput("today") } : process.env);
  const dispatcher = sourceDispatcherFromEnvironment(process.env, timeoutMs);
  try {
    const facts = await loadFacts(root);
    let findings: SourceFinding[] = [];
    if (checkLinksInput) {
      // Every cited source is read, not only the due facts': a quote or page that is gone makes its fact due at once.
      const previous = fingerprintsFile ? await readFingerprints(fingerprintsFile) : undefined;
      const checked = await checkSources(
        facts.map((loaded) => loaded.fact),
        { today, previous, fetch: (url) => fetchSource(url, { dispatcher, timeoutMs }) },
      );
      findings = checked.findings;
      if (fingerprintsFile) await writeFingerprints(fingerprintsFile, checked.fingerprints);
    }
    const result = await runReverify({
      facts,
      today,
      withinDays,
      label,
      client: createGitHubClient(core.getInput("token")),
      repository: repositoryFromEnvironment(),
      findings,
    });
    const count = (kind: string) => result.applied.filter((operation) => operation.kind === kind).length;
    const deadLinks = [...new Map(findings.filter((finding) => finding.verdict === "page-gone").map((finding) => [finding.source.url, finding])).values()];
    const quotesGone = findings.filter((finding) => finding.verdict === "quote-gone");
    for (const finding of deadLinks) core.warning(`dead citation link ${finding.source.url}: ${finding.detail}`, { title: "Dead citation link" });
    for (const finding of quotesGone) core.warning(`${finding.source.factId}: the quote of ${finding.source.url} (${finding.source.pointer}) is no longer on the page`, { title: "Quote gone" });
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
        `${result.issues.length} fact(s) expired, expiring within ${withinDays} days or with a source gone on ${today}: ${count("open")} issue(s) opened, ${count("update")} updated, ${count("unchanged")} unchanged, ${count("close")} closed; ${deadLinks.length} dead link(s), ${quotesGone.length} quote(s) gone.`,
        true,
      );
    if (result.issues.length > 0) {
      summary.addTable([
        [{ data: "Fact", header: true }, { data: "Issue", header: true }, { data: "Action", header: true }, { data: "Dead links", header: true }, { data: "Quotes gone", header: true }],
        ...result.issues.map((issue) => {
          const operation = issueOf.get(issue.factId);
          return [{ data: issue.factId }, { data: operation ? `#${operation.number}` : "" }, { data: operation?.kind ?? "" }, { data: String(issue.deadLinks.length) }, { data: String(issue.quotesGone.length) }];
        }),
      ]);
    }
    const closed = result.applied.filter((operation) => operation.kind === "close");
    if (closed.length > 0) summary.addHeading("Closed (re-verified)", 3).addList(closed.map((operation) => `${operation.factId}: #${operation.number}`));
    await summary.write();
    core.info(`re-verification: ${result.issues.length} due, ${count("open")} opened, ${count("update")} updated, ${count("close")} closed`);
  } finally {
    await dispatcher.close();
  }
};

run().catch((error: unknown) => core.setFailed(`re-verification could not run: ${error instanceof Error ? error.message : String(error)}`));
