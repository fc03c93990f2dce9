import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { frozenData } from "../helpers/frozen-copy.ts";
import { readFrozenData } from "../helpers/frozen-data.ts";
import { PROJECT_ROOT, projectCommand, runCheck, runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * The tests read the frozen copy of the data (tests/helpers/frozen-data.ts), never the live facts, so that a fact
 * edit `npm run check` accepts leaves `npm test` green. The revision test shows that promise by running the suite in a
 * revised copy; these tests hold the rule it rests on, in the main suite, where the frozen copy is set up.
 */

/** The one test that reads the live data by design: it revises a live fact in a copy of the repository. */
const REVISION_TEST = "tests/facts/revision-leaves-suite-green.test.ts";

/** How a test would read the live data rather than the frozen copy: the project's own folders by path. */
const LIVE_DATA_READ =
  /PROJECT_ROOT, "(facts|index-data|reference|keys)|PROJECT_ROOT, (ORGANISATIONS_FILE|GLOSSARY)|(buildModel|runChecks|readFactHistory|dataToday)\(PROJECT_ROOT/;

/**
 * How a test would start a project command other than through tests/helpers/run-script.ts (runScript, runCheck,
 * projectCommand, writeNpmRunStandIn), which refuse one that would read the live data whatever its default: the path
 * of an entry point built from the project's folder, or npm asked to run a script.
 */
const COMMAND_START =
  /PROJECT_ROOT, ["'`](src\/cli\/|actions\/[\w-]+\/[\w.-]+\.[jt]s)|\$\{PROJECT_ROOT\}\/(src\/cli\/|actions\/[\w-]+\/[\w.$-]+\.[jt]s)|["']npm["'],\s*\[\s*["'](run|test|start)["']|["']npx["']/;

const sources = () =>
  readdirSync(path.join(PROJECT_ROOT, "tests"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join("tests", file));

describe("the tests", () => {
  it("read the project's data only through the frozen copy, never from facts/, index-data/, reference/ or keys/ by path", () => {
    const readers = sources().filter((file) =>
      LIVE_DATA_READ.test(readFileSync(path.join(PROJECT_ROOT, file), "utf8")),
    );
    expect(readers.filter((file) => file !== REVISION_TEST)).toEqual([]);
    expect(sources()).toContain(REVISION_TEST);
  });

  it("start every project command through the helper that refuses one reading the live data", () => {
    const starters = sources().filter((file) =>
      COMMAND_START.test(readFileSync(path.join(PROJECT_ROOT, file), "utf8")),
    );
    // The Node runtime's test runs the install's verifier on a folder it makes, and `npm exec node`: neither reads
    // the project's data. The packed MCP server's test runs the package installed in a folder of its own with npx, on
    // the built frozen copy, and server.json's test only names npx, the registry's runtime hint.
    const allowed = new Set([
      "tests/helpers/run-script.ts",
      "tests/structure/node-runtime.test.ts",
      "tests/mcp/packed-mcp.test.ts",
      "tests/mcp/server-json.test.ts",
    ]);
    expect(starters.filter((file) => !allowed.has(file))).toEqual([]);
  });

  it("cannot run a command on the live data, whatever its default: one not told where its data is, or told the project's", async () => {
    // `npm run websub -- ping` reads the working tree when not told otherwise.
    await expect(runScript("src/cli/websub.ts", ["ping"])).rejects.toThrow(
      "src/cli/websub.ts run from the project's folder without --root: it would read the live data",
    );
    await expect(runCheck(PROJECT_ROOT, readFrozenData().today)).rejects.toThrow(
      `src/cli/check.ts --root ${PROJECT_ROOT} names the project's live data`,
    );
    expect(() => projectCommand("src/cli/mcp.ts", ["--site", path.join(PROJECT_ROOT, "_site")])).toThrow(
      "names the project's live data",
    );
    expect(() => projectCommand("src/cli/build.ts", ["--root", "facts/.."])).toThrow("names the project's live data");
    // An action reads its working directory: the project's own is refused.
    expect(() => projectCommand("actions/freshness-gate/main.ts", [])).toThrow("reads its working directory");
    // The frozen copy, or a folder of the test's, is where a command runs.
    expect(projectCommand("src/cli/websub.ts", ["ping", "--root", frozenData().root]).args).toContain(
      frozenData().root,
    );
    expect(projectCommand("src/cli/webhooks.ts", ["retry"], await tempDir()).command).toBe(process.execPath);
  });
});
