import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  permissions: Record<string, string>;
  environment?: { name: string };
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const read = async (name: string): Promise<Workflow> =>
  parse(await readFile(path.join(PROJECT_ROOT, ".github/workflows", name), "utf8")) as Workflow;
const usesOf = (job: Job) =>
  job.steps.map((step) => step.uses?.split("@")[0] ?? `run: ${step.run?.trim().split("\n").at(-1)}`);

describe("the workflows", () => {
  it("call only local actions that exist, with declared inputs and every required one", async () => {
    const names = (await readdir(path.join(PROJECT_ROOT, ".github/workflows"))).filter((name) => name.endsWith(".yml"));
    const scripts = JSON.parse(await readFile(path.join(PROJECT_ROOT, "package.json"), "utf8")).scripts as Record<
      string,
      string
    >;
    for (const name of names) {
      const workflow = await read(name);
      for (const job of Object.values(workflow.jobs)) {
        for (const step of job.steps) {
          for (const [, script] of (step.run ?? "").matchAll(/npm run ([\w:-]+)/g))
            expect(scripts, `${name}: npm run ${script}`).toHaveProperty(script!);
          if (!step.uses?.startsWith("./")) continue;
          const action = parse(await readFile(path.join(PROJECT_ROOT, step.uses, "action.yml"), "utf8")) as {
            inputs?: Record<string, { required?: boolean; default?: string }>;
          };
          const inputs = action.inputs ?? {};
          for (const input of Object.keys(step.with ?? {}))
            expect(Object.keys(inputs), `${name}: ${step.uses} input ${input}`).toContain(input);
          for (const [input, spec] of Object.entries(inputs)) {
            if (spec.required && spec.default === undefined)
              expect(step.with ?? {}, `${name}: ${step.uses} needs ${input}`).toHaveProperty(input);
          }
        }
      }
    }
  });

  it("set up Node 24 and the locked dependencies with the setup action, right after the checkout, in every job that runs the project", async () => {
    const setup = parse(await readFile(path.join(PROJECT_ROOT, "actions/setup/action.yml"), "utf8")) as {
      runs: { using: string; steps: Step[] };
    };
    expect(setup.runs.using).toBe("composite");
    expect(setup.runs.steps.map((step) => step.uses?.split("@")[0] ?? step.run)).toEqual([
      "actions/setup-node",
      "npm ci",
      'echo "$GITHUB_WORKSPACE/node_modules/.bin" >> "$GITHUB_PATH"',
    ]);
    expect(setup.runs.steps[0]!.with).toEqual({ "node-version": 24, cache: "npm" });

    const names = (await readdir(path.join(PROJECT_ROOT, ".github/workflows"))).filter((name) => name.endsWith(".yml"));
    let jobsSetUp = 0;
    for (const name of names) {
      for (const [jobName, job] of Object.entries((await read(name)).jobs)) {
        const where = `${name} ${jobName}`;
        if ((name === "ci.yml" || name === "release-packages.yml") && jobName === "test") {
          // .ci/run installs the dependencies itself, as from a clean clone: this job takes Node alone, from the same
          // pin.
          expect(usesOf(job), where).toEqual([
            "actions/checkout",
            "actions/setup-node",
            expect.any(String),
            "run: bash .ci/run",
          ]);
          expect(job.steps[1], where).toEqual(setup.runs.steps[0]);
          continue;
        }
        const runsProject = job.steps.some(
          (step) => /\bnpm\b/.test(step.run ?? "") || (step.uses?.startsWith("./actions/") ?? false),
        );
        // A local action is read from the checkout, so the checkout comes first.
        if (runsProject) expect(usesOf(job).slice(0, 2), where).toEqual(["actions/checkout", "./actions/setup"]);
        else expect(usesOf(job), where).not.toContain("./actions/setup");
        expect(usesOf(job), `${where}: Node and npm ci only through ./actions/setup`).not.toContain(
          "actions/setup-node",
        );
        expect(
          job.steps.filter((step) => /\bnpm ci\b/.test(step.run ?? "")),
          where,
        ).toEqual([]);
        if (runsProject) jobsSetUp++;
      }
    }
    expect(jobsSetUp).toBe(15);
  });

  it("validate pull requests that touch facts/ or index-data/ without secrets, and upload the changes for the comment", async () => {
    const workflow = await read("pull-request.yml");
    expect(workflow.name).toBe("Pull request");
    expect(workflow.on).toEqual({ pull_request: { paths: ["facts/**", "index-data/**", "reference/**"] } });
    expect(usesOf(workflow.jobs.validate!)).toEqual(["actions/checkout", "./actions/setup", "./actions/validate"]);
    expect(workflow.jobs.validate!.steps[2]!.with).toEqual({ base: "${{ github.event.pull_request.base.sha }}" });
    expect(usesOf(workflow.jobs.changes!)).toEqual([
      "actions/checkout",
      "./actions/setup",
      "./actions/pr-changes",
      "actions/upload-artifact",
    ]);
    expect(workflow.jobs.changes!.steps[3]!.with).toMatchObject({ name: "facts-pr-changes" });
    // The validate job lists the pull request's commits through the API, which needs pull-requests: read.
    expect(workflow.jobs.validate!.permissions).toEqual({ contents: "read", "pull-requests": "read" });
    expect(workflow.jobs.changes!.permissions).toEqual({ contents: "read" });
    for (const job of Object.values(workflow.jobs)) {
      expect(job.steps[0]!.with).toMatchObject({ "fetch-depth": 0, "persist-credentials": false });
    }
    expect(JSON.stringify(workflow)).not.toContain("secrets.");
  });

  it("post the comment from a trusted workflow_run that never checks out the pull request", async () => {
    const workflow = await read("pr-comment.yml");
    expect(workflow.on).toEqual({ workflow_run: { workflows: ["Pull request"], types: ["completed"] } });
    const job = workflow.jobs.comment!;
    expect(job.permissions).toEqual({ actions: "read", contents: "read", "pull-requests": "write" });
    expect(usesOf(job)).toEqual([
      "actions/checkout",
      "./actions/setup",
      "actions/download-artifact",
      "./actions/pr-comment",
    ]);
    // The checkout takes the default branch (no ref): the code that runs here is the repository's, not the pull
    // request's.
    expect(job.steps[0]!.with).toEqual({ "persist-credentials": false });
    expect(job.steps[2]!.with).toMatchObject({
      name: "facts-pr-changes",
      "run-id": "${{ github.event.workflow_run.id }}",
    });
  });

  it("deploy main: full history, check, freshness gate, build, Pages with hidden files, attestation, then the WebSub ping and the webhook dispatch", async () => {
    const workflow = await read("deploy.yml");
    expect(workflow.on).toEqual({
      push: { branches: ["main"] },
      schedule: [{ cron: "45 8 * * *" }],
      workflow_dispatch: null,
    });
    const build = workflow.jobs.build!;
    expect(usesOf(build)).toEqual([
      "actions/checkout",
      "./actions/setup",
      'run: npm run check -- --before "$PUSH_BEFORE"',
      "./actions/freshness-gate",
      "run: npm run build",
      "actions/upload-pages-artifact",
    ]);
    expect(build.steps[0]!.with).toMatchObject({ "fetch-depth": 0 });
    // Every pushed commit is checked: the push's "before" reaches the check through the environment, never the script.
    expect(build.steps[2]!.env).toEqual({ PUSH_BEFORE: "${{ github.event.before }}" });
    // The signing key reaches the build step alone.
    expect(build.steps[4]!.env).toEqual({
      FACTS_BASE_URL: "${{ vars.FACTS_BASE_URL }}",
      FACTS_REPOSITORY: "${{ vars.FACTS_REPOSITORY }}",
      FACTS_SIGNING_KEY: "${{ secrets.FACTS_SIGNING_KEY }}",
      FACTS_WEBSUB_HUB: "${{ vars.FACTS_WEBSUB_HUB }}",
    });
    expect(
      Object.values(workflow.jobs)
        .flatMap((job) => job.steps)
        .filter((step) => JSON.stringify(step).includes("FACTS_SIGNING_KEY")),
    ).toEqual([build.steps[4]]);
    expect(build.steps[5]!.with).toEqual({ path: "_site", "include-hidden-files": true });

    // The provenance job holds the OIDC token and runs no project code: it attests the Pages artifact as uploaded
    // (artifact.tar) and the manifest taken out of it, before anything is deployed.
    const attest = workflow.jobs.attest!;
    expect(attest.needs).toBe("build");
    expect(attest.permissions).toEqual({ "id-token": "write", attestations: "write" });
    expect(usesOf(attest)).toEqual([
      "actions/download-artifact",
      "run: tar --extract --file pages/artifact.tar --directory pages ./api/v1/facts/manifest.json",
      "actions/attest-build-provenance",
    ]);
    expect(attest.steps[0]!.with).toEqual({ name: "github-pages", path: "pages" });
    expect(attest.steps[2]!.uses).toBe("actions/attest-build-provenance@a2bbfa25375fe432b6a289bc6b6cd05ecd0c4c32");
    expect(String(attest.steps[2]!.with?.["subject-path"]).trim().split("\n")).toEqual([
      "pages/artifact.tar",
      "pages/api/v1/facts/manifest.json",
    ]);

    const deploy = workflow.jobs.deploy!;
    expect(deploy.needs).toEqual(["build", "attest"]);
    expect(deploy.permissions).toEqual({ pages: "write", "id-token": "write" });
    expect(deploy.environment?.name).toBe("github-pages");
    expect(usesOf(deploy)).toEqual(["actions/deploy-pages"]);

    const websub = workflow.jobs.websub!;
    expect(websub.needs).toBe("deploy");
    expect(websub.permissions).toEqual({ contents: "read" });
    expect(usesOf(websub)).toEqual(["actions/checkout", "./actions/setup", "run: npm run websub -- ping"]);
    expect(websub.steps[2]!.env).toEqual({
      FACTS_BASE_URL: "${{ vars.FACTS_BASE_URL }}",
      FACTS_WEBSUB_HUB: "${{ vars.FACTS_WEBSUB_HUB }}",
    });

    const webhooks = workflow.jobs.webhooks!;
    expect(webhooks.needs).toBe("deploy");
    expect(webhooks.permissions).toEqual({ contents: "write" });
    expect(usesOf(webhooks)).toEqual([
      "actions/checkout",
      "./actions/setup",
      "./actions/state-branch",
      'run: npm run webhooks -- dispatch --head "$DISPATCH_HEAD" --base "$DISPATCH_BASE"',
      "./actions/state-branch",
    ]);
    expect(webhooks.steps[3]!.env).toMatchObject({
      DISPATCH_BASE: "${{ github.event.before }}",
      DISPATCH_HEAD: "${{ github.sha }}",
      FACTS_WEBHOOK_STATE: "${{ github.workspace }}/.webhook-state",
      FACTS_WEBHOOK_SUBSCRIBERS: "${{ secrets.FACTS_WEBHOOK_SUBSCRIBERS }}",
      SMTP_URL: "${{ secrets.SMTP_URL }}",
    });
    expect(webhooks.steps[2]!.with).toEqual({ mode: "restore" });
    expect(webhooks.steps[4]).toMatchObject({
      if: "always() && steps.restore.outcome == 'success'",
      with: { mode: "save" },
    });
  });

  it("re-verify daily and on demand, reading every source and keeping its fingerprints on a state branch, and keep the webhook retries and the digest on the state branch", async () => {
    const reverify = await read("reverify.yml");
    expect(Object.keys(reverify.on)).toEqual(["schedule", "workflow_dispatch"]);
    expect(reverify.jobs.reverify!.permissions).toEqual({ contents: "write", issues: "write" });
    expect(usesOf(reverify.jobs.reverify!).slice(2)).toEqual([
      "./actions/state-branch",
      "./actions/reverify",
      "./actions/state-branch",
    ]);
    expect(reverify.jobs.reverify!.steps[3]!.with).toMatchObject({ fingerprints: ".source-state/fingerprints.json" });
    expect(reverify.jobs.reverify!.steps[4]).toMatchObject({
      if: "always() && steps.restore.outcome == 'success'",
      with: { mode: "save", branch: "source-fingerprints" },
    });

    for (const [file, job] of [
      ["deploy.yml", "webhooks"],
      ["webhook-retries.yml", "retry"],
      ["digest.yml", "digest"],
    ] as const) {
      const { concurrency } = (await read(file)).jobs[job] as Job & { concurrency: unknown };
      expect(concurrency, `${file}: one writer of the state branch at a time`).toEqual({
        group: "webhook-state",
        "cancel-in-progress": false,
      });
    }
    const retries = await read("webhook-retries.yml");
    expect(retries.on).toEqual({ schedule: [{ cron: "*/15 * * * *" }], workflow_dispatch: null });
    expect(usesOf(retries.jobs.retry!)).toEqual([
      "actions/checkout",
      "./actions/setup",
      "./actions/state-branch",
      "run: npm run webhooks -- retry",
      "./actions/state-branch",
    ]);

    const digest = await read("digest.yml");
    expect(Object.keys(digest.on)).toEqual(["schedule", "workflow_dispatch"]);
    expect(usesOf(digest.jobs.digest!)).toEqual([
      "actions/checkout",
      "./actions/setup",
      "./actions/state-branch",
      "run: npm run digest",
      "./actions/state-branch",
    ]);
    expect(digest.jobs.digest!.steps[3]!.env).toMatchObject({
      FACTS_WEBHOOK_STATE: "${{ github.workspace }}/.webhook-state",
      SMTP_URL: "${{ secrets.SMTP_URL }}",
    });
  });

  it("promote daily after midnight in B.C.: check each promotion against its parent before pushing, then publish and ask about announced changes", async () => {
    const workflow = await read("promote.yml");
    expect(workflow.on).toEqual({ schedule: [{ cron: "15 8 * * *" }], workflow_dispatch: null });
    const promote = workflow.jobs.promote!;
    expect(promote.permissions).toEqual({ contents: "write", actions: "write" });
    expect(promote.steps[0]!.with).toMatchObject({ ref: "main", "fetch-depth": 0, "persist-credentials": false });
    const names = promote.steps.map((step) => step.name ?? step.uses ?? step.run);
    expect(names.slice(2)).toEqual([
      "Promote (one commit per version, each checked against its parent)",
      "Validate each promotion as a pull request would be",
      "Push to main",
      "Publish the promoted facts",
    ]);
    expect(promote.steps[2]!.run).toContain("npm run promote");
    expect(promote.steps[3]!.run).toContain('npm run check -- --base "$commit~1"');
    for (const step of promote.steps.slice(3)) expect(step.if).toBe("steps.promote.outputs.promoted != '0'");
    expect(promote.steps[5]!.run).toBe("gh workflow run deploy.yml --ref main");

    const confirm = workflow.jobs.confirm!;
    expect(confirm.needs).toBe("promote");
    expect(confirm.if).toBe("${{ !cancelled() }}");
    expect(confirm.permissions).toEqual({ contents: "read", issues: "write" });
    expect(usesOf(confirm).at(-1)).toBe("./actions/confirm-changes");
    expect(confirm.steps.at(-1)!.with).toEqual({ "within-days": 14, label: "confirm-change" });
  });

  it("propose the affordability index inputs monthly, around the 20th, as one pull request that is checked first and never pushed to main", async () => {
    const workflow = await read("index-update.yml");
    expect(workflow.on).toEqual({ schedule: [{ cron: "17 15 20 * *" }], workflow_dispatch: null });
    const job = workflow.jobs.propose!;
    expect(job.permissions).toEqual({ contents: "write", "pull-requests": "write" });
    expect(usesOf(job)).toEqual([
      "actions/checkout",
      "./actions/setup",
      'run: npm run index:update -- --pull-request "$RUNNER_TEMP/proposal"',
      "run: npm run check",
      "run: fi",
    ]);
    const script = job.steps.at(-1)!.run!;
    expect(job.steps.at(-1)!.env).toMatchObject({ BRANCH: "index-data/update" });
    // The only push goes to the proposal branch, by the bot's commit-and-push helper; the pull request is found again
    // by that branch and edited in place.
    expect(script).not.toMatch(/git (push|commit|config)/);
    expect([...script.matchAll(/npm run index:update[^\n]*/g)].map((match) => match[0])).toEqual([
      'npm run index:update -- --push-proposal "$BRANCH" --pull-request "$PROPOSAL"',
    ]);
    expect(script).not.toMatch(/refs\/heads\/main|push[^\n]* main/);
    expect(script).toContain('gh pr list --head "$BRANCH" --state open');
    expect(script).toContain('gh pr edit "$number" --title "$title" --body-file "$PROPOSAL/body.md"');
    expect(script).toContain("if git diff --quiet -- index-data; then");
  });
});
