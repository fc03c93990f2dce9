import { parseArgs } from "node:util";
import { runChecks } from "../check/run-checks.ts";
import { MAX_WAIT_SECONDS, parseWholeNumber, runCommand } from "../lib/command.ts";
import { baseUrlFromEnvironment, urlsFor, websubHubFromEnvironment } from "../lib/config.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { ProblemsFound, UsageError } from "../lib/errors.ts";
import { formatProblem } from "../lib/problem.ts";
import { compareText } from "../lib/text.ts";
import { DEFAULT_HUB_TIMEOUT_MS, describeFailure, feedTopics, publishToHub } from "../websub/publish-to-hub.ts";

const USAGE = "usage: npm run websub -- ping [--root DIR] [--timeout SECONDS]";

/**
 * `npm run websub -- ping`: after a deployment, tells the WebSub hub of FACTS_WEBSUB_HUB that every feed may have
 * changed (feed.xml, upcoming.atom and each fact's by-id/{id}.atom, at the addresses FACTS_BASE_URL gives them). The
 * feeds are those the build writes: one per fact of `--root` that passes the check. Unset FACTS_WEBSUB_HUB turns push
 * off: the build names no hub, and this says so and exits 0. Exits 1 when the hub refused or missed any notice.
 */
const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: { root: { type: "string", default: "." }, timeout: { type: "string" } },
  });
  if (positionals.length !== 1 || positionals[0] !== "ping") throw new UsageError('expected the command "ping"');
  // In seconds, a day at most: within what a Node timer can wait.
  const timeoutMs =
    values.timeout === undefined
      ? DEFAULT_HUB_TIMEOUT_MS
      : parseWholeNumber(values.timeout, "--timeout", { min: 1, max: MAX_WAIT_SECONDS }) * 1000;

  const hub = websubHubFromEnvironment();
  if (hub === undefined) {
    console.log("FACTS_WEBSUB_HUB is not set: push is off, the feeds name no hub and no hub is notified");
    return 0;
  }
  const report = await runChecks(values.root, { today: todayFromEnvironment() });
  if (report.problems.length > 0) {
    throw new ProblemsFound(
      `the data does not pass npm run check, so no feed was built from it:\n${report.problems.map(formatProblem).join("\n")}`,
    );
  }
  const urls = urlsFor(baseUrlFromEnvironment());
  const topics = feedTopics(urls, report.facts.map((loaded) => loaded.fact.id).sort(compareText));
  const notices = await publishToHub(hub, topics, { timeoutMs });
  const failed = notices.filter((notice) => !notice.ok);
  for (const notice of failed) console.error(describeFailure(hub, notice));
  console.log(
    `${hub}: notified of ${notices.length - failed.length} of ${notices.length} feeds${failed.length > 0 ? `; ${failed.length} failed` : ""}`,
  );
  return failed.length === 0 ? 0 : 1;
};

runCommand("websub", main, USAGE);
