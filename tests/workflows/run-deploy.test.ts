import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { runWorkflow } from "../../src/workflow-runner/index.ts";
import { factValue } from "../helpers/fact-values.ts";
import { RAW_SECRET, SECRET } from "../webhooks/helpers/fixtures.ts";
import { type Receiver, startReceiver, status } from "../webhooks/helpers/receiver.ts";
import {
  createWorkflowRepository,
  HBRP,
  RUN_TIMEOUT_MS,
  WORKFLOW_TODAY,
  type WorkflowRepository,
  workflowFile,
} from "./helpers/workflow-repository.ts";

const BASE_URL = "https://facts.example.org";

/** FACTS_WEBHOOK_SUBSCRIBERS: acme (a Standard Webhooks secret) and flaky (a raw secret), each at its receiver. */
const subscribers = (acme: Receiver, flaky: Receiver): string =>
  JSON.stringify([
    { id: "acme", url: acme.url, secret: SECRET, email: "hooks@acme.example" },
    { id: "flaky", url: flaky.url, secret: RAW_SECRET, email: "ops@flaky.example" },
  ]);

interface StoredDelivery {
  subscriber: string;
  status: string;
  nextAttemptAt: string | null;
}

describe("the deploy workflow on the push of a merged pull request, then the webhook-retries workflow", () => {
  let repo: WorkflowRepository;
  let push: { before: string; after: string };
  let firstFlakyDelivery: string;
  const settings = () => ({
    origin: repo.origin,
    repository: "bc-facts/facts",
    workDir: repo.parent,
    vars: { FACTS_BASE_URL: BASE_URL },
    // The runner machine's own settings: a fixed today, and the loopback receivers allowed past the URL guard.
    runnerEnv: { FACTS_TODAY: WORKFLOW_TODAY, FACTS_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" },
  });
  const stateDeliveries = async (): Promise<StoredDelivery[]> =>
    JSON.parse(await repo.originGit("show", "webhook-state:deliveries.json")).deliveries;

  beforeAll(async () => {
    repo = await createWorkflowRepository([HBRP]);
    const pull = await repo.openPullRequest(
      9,
      "Raise the rescission amount of bc.hbrp\n\nSource: https://www2.gov.bc.ca/gov/content/example\nImpact: the amount to rescind is now 0.3% of the price.",
      () =>
        repo.writeFact({
          ...HBRP,
          value: factValue("bc.hbrp", { rescission_amount_rate: 0.003 }),
          version: 2,
          effective_iso: "2026-06-01",
        }),
    );
    push = await repo.mergePullRequest(pull.branch);
  }, RUN_TIMEOUT_MS);

  it(
    "publishes the tree, records the provenance subjects, sends signed webhooks and pushes the state branch",
    async () => {
      const acme = await startReceiver(status(200));
      // flaky is down for an hour: its delivery is left for the scheduled retries.
      const flaky = await startReceiver(status(503, { "retry-after": "3600" }));
      const pagesDir = path.join(repo.parent, "pages");
      const lines: string[] = [];
      const run = await runWorkflow(
        {
          ...settings(),
          workflow: workflowFile("deploy.yml"),
          event: "push",
          payload: {
            ref: "refs/heads/main",
            before: push.before,
            after: push.after,
            repository: { full_name: "bc-facts/facts", default_branch: "main" },
          },
          secrets: { FACTS_WEBHOOK_SUBSCRIBERS: subscribers(acme, flaky) },
          pagesDir,
        },
        (line) => lines.push(line),
      );

      expect(run.conclusion, lines.join("\n")).toBe("success");
      expect(run.jobs.map((job) => [job.id, job.result])).toEqual([
        ["build", "success"],
        ["attest", "success"],
        ["deploy", "success"],
        ["websub", "success"],
        ["webhooks", "success"],
      ]);
      // What Pages would serve: the merged revision, with the public origin, hidden files included.
      const published = JSON.parse(await readFile(path.join(pagesDir, "api/v1/facts/by-id/bc.hbrp.json"), "utf8"));
      expect(published.fact.version).toBe(2);
      expect(published.fact.value.rescission_amount_rate).toBe(0.003);
      expect(published.canonical_url).toBe(`${BASE_URL}/api/v1/facts/by-id/bc.hbrp.json`);
      expect(await readFile(path.join(pagesDir, ".nojekyll"), "utf8")).toBe("");
      // The attest job found the manifest in the very artifact.tar that was deployed.
      const tar = await readFile(path.join(run.artifactsDir, run.runId, "github-pages", "artifact.tar"));
      const manifest = await readFile(path.join(pagesDir, "api/v1/facts/manifest.json"));
      const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
      expect(run.attestations).toEqual([
        { job: "attest", path: "pages/artifact.tar", sha256: sha256(tar) },
        { job: "attest", path: "pages/api/v1/facts/manifest.json", sha256: sha256(manifest) },
      ]);
      // The secret never shows in the log.
      expect(lines.join("\n")).not.toContain(SECRET);

      expect(acme.requests).toHaveLength(1);
      const delivered = acme.requests[0]!;
      expect(new Webhook(SECRET).verify(delivered.body, delivered.headers as Record<string, string>)).toBeTruthy();
      expect(delivered.headers).toMatchObject({ "x-facts-fact-id": "bc.hbrp", "x-facts-version": "2" });
      const update = JSON.parse(delivered.body).object;
      expect(update).toMatchObject({ identifier: "bc.hbrp", version: 2, previousVersion: 1 });
      expect(update.diff.value.to.rescission_amount_rate).toBe(0.003);
      expect(update.url).toBe(`${BASE_URL}/api/v1/facts/by-id/bc.hbrp.json`);
      expect(flaky.requests).toHaveLength(1);
      firstFlakyDelivery = String(flaky.requests[0]!.headers["x-facts-delivery"]);

      expect(await repo.originGit("log", "-1", "--format=%s", "webhook-state")).toBe(
        `Webhook state after dispatching ${push.after}`,
      );
      const deliveries = await stateDeliveries();
      expect(deliveries.map(({ subscriber, status }) => [subscriber, status]).sort()).toEqual([
        ["acme", "delivered"],
        ["flaky", "retrying"],
      ]);
    },
    RUN_TIMEOUT_MS,
  );

  // Follows the run above: the state branch it pushed holds flaky's failed delivery.
  it(
    "delivers flaky's change on the scheduled retry run once it is due, and records it on the state branch",
    async () => {
      // An hour passes: the retry of flaky falls due. The state branch is the only record of time the run reads.
      await repo.git("fetch", "-q", repo.origin, "webhook-state:state");
      await repo.git("checkout", "-q", "state");
      const file = path.join(repo.root, "deliveries.json");
      const state = JSON.parse(await readFile(file, "utf8"));
      for (const delivery of state.deliveries as StoredDelivery[])
        if (delivery.status === "retrying") delivery.nextAttemptAt = new Date(Date.now() - 60_000).toISOString();
      await writeFile(file, JSON.stringify(state));
      await repo.commit("An hour later: flaky's retry is due");
      await repo.git("push", "-q", repo.origin, "state:webhook-state");
      await repo.git("checkout", "-q", "main");

      const acme = await startReceiver(status(200));
      const flaky = await startReceiver(status(200));
      const lines: string[] = [];
      const run = await runWorkflow(
        {
          ...settings(),
          workflow: workflowFile("webhook-retries.yml"),
          event: "workflow_dispatch",
          payload: { repository: { full_name: "bc-facts/facts", default_branch: "main" } },
          secrets: { FACTS_WEBHOOK_SUBSCRIBERS: subscribers(acme, flaky) },
        },
        (line) => lines.push(line),
      );

      expect(run.conclusion, lines.join("\n")).toBe("success");
      expect(acme.requests).toHaveLength(0);
      expect(flaky.requests).toHaveLength(1);
      const retried = flaky.requests[0]!;
      expect(
        new Webhook(RAW_SECRET, { format: "raw" }).verify(retried.body, retried.headers as Record<string, string>),
      ).toBeTruthy();
      expect(retried.headers["x-facts-delivery"]).toBe(firstFlakyDelivery);
      expect(await repo.originGit("log", "-1", "--format=%s", "webhook-state")).toBe(
        "Webhook state after scheduled retries",
      );
      expect((await stateDeliveries()).map(({ subscriber, status }) => [subscriber, status]).sort()).toEqual([
        ["acme", "delivered"],
        ["flaky", "delivered"],
      ]);
    },
    RUN_TIMEOUT_MS,
  );
});
