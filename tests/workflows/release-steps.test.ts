import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string;
  environment?: string;
  permissions: Record<string, string>;
  steps: Step[];
}

const workflow = parse(await readFile(path.join(PROJECT_ROOT, ".github/workflows/release-packages.yml"), "utf8")) as {
  on: unknown;
  permissions: unknown;
  jobs: { test: Job; publish: Job };
};
const publish = workflow.jobs.publish;
const stepNamed = (name: string): Step => publish.steps.find((step) => step.name === name)!;
const versionOf = async (folder: string): Promise<string> =>
  (JSON.parse(await readFile(path.join(PROJECT_ROOT, folder, "package.json"), "utf8")) as { version: string }).version;

/**
 * Runs one `run:` step of the publish job as the runner would (`bash -e`), in a workspace that holds the packages'
 * package.json files, with `env` as its environment; resolves with its exit code, output and the outputs it wrote.
 */
const runStep = async (step: Step, env: Record<string, string>) => {
  const workspace = await tempDir();
  for (const folder of ["packages/client", "packages/mcp"]) {
    await mkdir(path.join(workspace, folder), { recursive: true });
    await writeFile(
      path.join(workspace, folder, "package.json"),
      await readFile(path.join(PROJECT_ROOT, folder, "package.json")),
    );
  }
  const outputFile = path.join(workspace, "github-output");
  await writeFile(outputFile, "");
  const result = await exec("bash", ["-e", "-c", step.run!], {
    cwd: workspace,
    env: { PATH: process.env.PATH, GITHUB_OUTPUT: outputFile, ...env },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  return { ...result, outputs: await readFile(outputFile, "utf8") };
};

describe("the release workflow", () => {
  it("publishes the package its tag names, after the tests, from the npm environment, with provenance", () => {
    expect(workflow.on).toEqual({ push: { tags: ["client-v*", "mcp-v*"] } });
    expect(workflow.permissions).toEqual({});
    expect(publish.needs).toBe("test");
    expect(publish.environment).toBe("npm");
    expect(publish.permissions).toEqual({ contents: "read", "id-token": "write" });
    expect(publish.steps.map((step) => step.uses?.split("@")[0] ?? step.name)).toEqual([
      "actions/checkout",
      "./actions/setup",
      "The tag names a package and its version",
      "The MCP server's default site is the deployed one",
      "npm publish",
    ]);
    const npmPublish = stepNamed("npm publish");
    expect(npmPublish.run).toContain('npm publish --workspace "$PACKAGE_FOLDER" --provenance --access public');
    expect(npmPublish.env).toEqual({
      PACKAGE_FOLDER: "${{ steps.package.outputs.folder }}",
      NODE_AUTH_TOKEN: "${{ secrets.NPM_TOKEN }}",
      // The MCP package's prepack stamps it as the command's default site (packages/mcp/tsdown.config.ts).
      FACTS_BASE_URL: "${{ vars.FACTS_BASE_URL }}",
    });
  });

  it("takes the package from the tag, and refuses a tag that is not its package's version", async () => {
    const step = stepNamed("The tag names a package and its version");
    expect(step.id).toBe("package");
    const client = await versionOf("packages/client");
    const mcp = await versionOf("packages/mcp");
    expect(await runStep(step, { GITHUB_REF_NAME: `client-v${client}` })).toMatchObject({
      code: 0,
      outputs: "folder=packages/client\n",
    });
    expect(await runStep(step, { GITHUB_REF_NAME: `mcp-v${mcp}` })).toMatchObject({
      code: 0,
      outputs: "folder=packages/mcp\n",
    });
    expect(await runStep(step, { GITHUB_REF_NAME: "mcp-v0.0.0-not-this" })).toEqual({
      code: 1,
      stdout: `::error::tag mcp-v0.0.0-not-this does not match packages/mcp/package.json version ${mcp} (expected mcp-v${mcp})\n`,
      outputs: "",
    });
    expect(await runStep(step, { GITHUB_REF_NAME: `v${mcp}` })).toEqual({
      code: 1,
      stdout: `::error::tag v${mcp} names no package (client-v<version> or mcp-v<version>)\n`,
      outputs: "",
    });
  });

  it("refuses to release the MCP server without the deployed site's address, and checks it for that package only", async () => {
    const step = stepNamed("The MCP server's default site is the deployed one");
    expect(step.if).toBe("steps.package.outputs.folder == 'packages/mcp'");
    expect(step.env).toEqual({ FACTS_BASE_URL: "${{ vars.FACTS_BASE_URL }}" });
    // An unset repository variable reaches the step as an empty value.
    const refused = await runStep(step, { FACTS_BASE_URL: "" });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^::error::the repository variable FACTS_BASE_URL is not set: /);
    expect(await runStep(step, { FACTS_BASE_URL: "https://facts.example.org" })).toMatchObject({ code: 0 });
  });
});
