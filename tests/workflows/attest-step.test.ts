import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { frozenSite } from "../helpers/build-site.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);
const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

describe("the deploy workflow's attest job", () => {
  it("takes out of the Pages artifact the very manifest the build wrote, for the attestation to name", async () => {
    const workflow = parse(await readFile(path.join(PROJECT_ROOT, ".github/workflows/deploy.yml"), "utf8")) as {
      jobs: { attest: { steps: { uses?: string; run?: string; with?: Record<string, string> }[] } };
    };
    const steps = workflow.jobs.attest.steps;
    const download = steps.find((step) => step.uses?.startsWith("actions/download-artifact@"))!;
    const extract = steps.find((step) => step.run !== undefined)!.run!;
    const attest = steps.find((step) => step.uses?.startsWith("actions/attest-build-provenance@"))!;

    // The artifact as actions/upload-pages-artifact (v5.0.0) makes it on Linux, from a real build; the download
    // step unpacks it as `artifact.tar` into its `path`.
    const { out } = frozenSite();
    const workspace = await tempDir();
    const pages = path.join(workspace, download.with!.path!);
    await mkdir(pages, { recursive: true });
    await exec("tar", [
      "--dereference",
      "--hard-dereference",
      "--directory",
      out,
      "-cf",
      path.join(pages, "artifact.tar"),
      "--exclude=.git",
      "--exclude=.github",
      ".",
    ]);
    await exec("bash", ["-e", "-c", extract], { cwd: workspace });

    const subjects = attest.with!["subject-path"]!.trim().split("\n");
    expect(subjects).toEqual(["pages/artifact.tar", "pages/api/v1/facts/manifest.json"]);
    const manifest = await readFile(path.join(workspace, subjects[1]!));
    expect(sha256(manifest)).toBe(sha256(await readFile(path.join(out, "api/v1/facts/manifest.json"))));
    expect(JSON.parse(manifest.toString("utf8")).files.length).toBeGreaterThan(0);
  });
});
