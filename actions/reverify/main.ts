import * as core from "@actions/core";
import { todayFromEnvironment } from "../../src/cli/today.ts";
import { loadFacts } from "../../src/freshness/load-facts.ts";
import { createGitHubClient } from "../../src/github/create-github-client.ts";
import { repositoryFromEnvironment } from "../../src/github/repository-from-environment.ts";
import { runReverify } from "../../src/github/reverify/run-reverify.ts";
import { createLinkChecker, type CheckLink } from "../../src/links/check-link.ts";
import { linkDispatcherFromEnvironment } from "../../src/links/link-dispatcher-from-environment.ts";

const wholeNumber = (name: string, fallback: string): number => {
  const text = core.getInput(name) || fallback;
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got "${text}"`);
  return Number(text);
};

const run = async (): Promise<void> => {
  const root = core.getInput("root") || ".";
  const withinDays = wholeNumber("within-days", "30");
  const timeoutMs = wholeNumber("link-timeout-seconds", "15") * 1000;
  const label = core.getInput("label") || "reverify";
  const checkLinksText = core.getInput("check-links") || "true";
  if (checkLinksText !== "true" && checkLinksText !== "false") throw new Error(`check-links must be true or false, got "${checkLinksText}"`);
  const checkLinksInput = checkLinksText === "true";
  const today = todayFromEnvironment(core.getInput("today") ? { FACTS_TODAY: core.getInput("today") } : process.env);
  const dispatcher = linkDispatcherFromEnvironment(process.env, timeoutMs);
  const skipLinks: CheckLink = async (url) => ({ url, outcome: "unverified", redirects: [], detail: "link checks are turned off" });
  try {
    const result = await runReverify({
      facts: await loadFacts(root, today),
      today,
      withinDays,
      label,
      client: createGitHubClient(core.getInput("token")),
      repository: repositoryFromEnvironment(),
      checkLink: checkLinksInput ? createLinkChecker({ dispatcher, timeoutMs }) : skipLinks,
    });
    const count = (kind: string) => result.applied.filter((operation) => operation.kind === kind).length;
    const deadLinks = [...result.links.values()].filter((check) => check.outcome === "dead");
    for (const check of deadLinks) core.warning(`dead citation link ${check.url}: ${check.detail}`, { title: "Dead citation link" });
    core.setOutput("due", result.issues.length);
    core.setOutput("opened", count("open"));
    core.setOutput("updated", count("update"));
    core.setOutput("closed", count("close"));
    core.setOutput("dead-links", deadLinks.length);

    const issueOf = new Map(result.applied.map((operation) => [operation.factId, operation]));
    const summary = core.summary
      .addHeading("Re-verification", 2)
      .addRaw(
        `${result.issues.length} fact(s) expired or expiring within ${withinDays} days on ${today}: ${count("open")} issue(s) opened, ${count("update")} updated, ${count("unchanged")} unchanged, ${count("close")} closed; ${deadLinks.length} dead link(s).`,
        true,
      );
    if (result.issues.length > 0) {
      summary.addTable([
        [{ data: "Fact", header: true }, { data: "Issue", header: true }, { data: "Action", header: true }, { data: "Dead links", header: true }],
        ...result.issues.map((issue) => {
          const operation = issueOf.get(issue.factId);
          return [{ data: issue.factId }, { data: operation ? `#${operation.number}` : "" }, { data: operation?.kind ?? "" }, { data: String(issue.deadLinks.length) }];
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
