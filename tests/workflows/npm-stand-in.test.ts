import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, readlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { npmStandIn } from "../../src/workflow-runner/stand-ins.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);

describe("the workflow runner's npm stand-in", () => {
  it("links exactly the folder it was given, whatever characters its path holds, and runs nothing in them", async () => {
    const folder = await tempDir();
    const hostile = path.join(folder, `deps '$(touch pwned)' \`touch pwned2\` "$HOME"`);
    const npm = path.join(folder, "npm");
    await writeFile(npm, npmStandIn(path.join(folder, `real npm '$(touch pwned3)'`), hostile));
    await chmod(npm, 0o755);
    const { stdout } = await exec(npm, ["ci"], { cwd: folder });
    expect(await readlink(path.join(folder, "node_modules"))).toBe(hostile);
    expect(stdout).toContain(hostile);
    for (const planted of ["pwned", "pwned2", "pwned3"]) expect(existsSync(path.join(folder, planted))).toBe(false);
    await expect(exec(npm, ["install", "left-pad"], { cwd: folder })).rejects.toMatchObject({ code: 1 });
  });
});
