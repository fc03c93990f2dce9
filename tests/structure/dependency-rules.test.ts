import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../helpers/limits.ts";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
const DEPCRUISE = path.join(PROJECT_ROOT, "node_modules/.bin/depcruise");
/** The production code the rules cover, as `npm run deps` names it. */
const SCANNED = ["src", "packages", "actions", "site", "bench"];

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Runs dependency-cruiser with the repository's .dependency-cruiser.cjs over `root`, as `npm run deps` does. */
const violationsIn = async (root: string): Promise<Violation[]> => {
  const { stdout } = await promisify(execFile)(
    DEPCRUISE,
    ["--config", ".dependency-cruiser.cjs", "--output-type", "json", ...SCANNED],
    {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => {
    // depcruise exits non-zero when it finds violations; its JSON report is on stdout all the same.
    if (typeof error.stdout === "string" && error.stdout.startsWith("{")) return { stdout: error.stdout };
    throw error;
  });
  const report = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations
    .map(({ rule, from, to }) => ({ rule: rule.name, from, to }))
    .sort((a, b) => `${a.rule} ${a.from} ${a.to}`.localeCompare(`${b.rule} ${b.from} ${b.to}`));
};

const describeViolations = (violations: Violation[]): string =>
  violations.map(({ rule, from, to }) => `${rule}: ${from} → ${to}`).join("\n");

describe("the dependency rules (.dependency-cruiser.cjs)", () => {
  it("hold over src, packages, actions, site and bench", { timeout: LIMITS.longTest }, async () => {
    const violations = await violationsIn(PROJECT_ROOT);
    // Each violation printed, one a line, so a failure says which import breaks which rule.
    expect(describeViolations(violations)).toBe("");
  });

  it("report a deliberately violating file in a copy of the repository (the check itself)", {
    timeout: LIMITS.longTest,
  }, async () => {
    const copy = await mkdtemp(path.join(tmpdir(), "dependency-rules-"));
    try {
      for (const item of [...SCANNED, "tsconfig.json", ".dependency-cruiser.cjs"]) {
        await cp(path.join(PROJECT_ROOT, item), path.join(copy, item), {
          recursive: true,
          filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
        });
      }
      const before = await violationsIn(copy);
      const write = async (file: string, text: string): Promise<void> => {
        await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
        await writeFile(path.join(copy, file), text);
      };
      await write(
        "src/zz-cycle-a.ts",
        'import { b } from "./zz-cycle-b.ts";\nexport const a = (): number => b() + 1;\n',
      );
      await write(
        "src/zz-cycle-b.ts",
        'import { a } from "./zz-cycle-a.ts";\nexport const b = (): number => a() + 1;\n',
      );
      // The client reaches a folder of its own here, so that the import makes no folder cycle besides breaking its
      // rule.
      await write("src/zz-leaf/leaf.ts", "export const leaf = 1;\n");
      await write("packages/client/src/zz-reach.ts", 'export { leaf } from "../../../src/zz-leaf/leaf.ts";\n');
      await write("src/zz-deep.ts", 'export { SITE_PATHS } from "../packages/client/src/site-paths.ts";\n');
      await write("site/zz-around.ts", 'export { SCHEMA_VERSION } from "../src/schemas/json-schemas.ts";\n');
      await write("src/zz-one/a.ts", 'export { c } from "../zz-two/c.ts";\nexport const a = 1;\n');
      await write("src/zz-two/b.ts", 'export { a } from "../zz-one/a.ts";\n');
      await write("src/zz-two/c.ts", "export const c = 1;\n");
      const added = (await violationsIn(copy)).filter(
        (violation) => !before.some((old) => JSON.stringify(old) === JSON.stringify(violation)),
      );
      expect(added).toEqual([
        { rule: "binding-barrel", from: "site/zz-around.ts", to: "src/schemas/json-schemas.ts" },
        { rule: "binding-barrel", from: "src/zz-deep.ts", to: "packages/client/src/site-paths.ts" },
        { rule: "client-not-to-src", from: "packages/client/src/zz-reach.ts", to: "src/zz-leaf/leaf.ts" },
        { rule: "client-only-through-its-entry", from: "src/zz-deep.ts", to: "packages/client/src/site-paths.ts" },
        { rule: "no-circular", from: "src/zz-cycle-a.ts", to: "src/zz-cycle-b.ts" },
        { rule: "no-folder-cycles", from: "src/zz-one", to: "src/zz-two" },
        { rule: "no-folder-cycles", from: "src/zz-two", to: "src/zz-one" },
      ]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
