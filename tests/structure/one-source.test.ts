import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../src/model/data-files.ts";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The code of every TypeScript file under `folders`, comments removed, so that prose about a thing is not the thing.
 */
const codeOf = async (...folders: string[]): Promise<{ file: string; lines: string[] }[]> => {
  const files = (await Promise.all(folders.map((folder) => listFiles(PROJECT_ROOT, folder))))
    .flat()
    .filter((file) => file.endsWith(".ts"));
  return Promise.all(
    files.map(async (file) => {
      const text = (await readFile(path.join(PROJECT_ROOT, file), "utf8")).replace(/\/\*[\s\S]*?\*\//g, (comment) =>
        comment.replace(/[^\n]/g, ""),
      );
      return { file, lines: text.split("\n").map((line) => line.replace(/(^|\s)\/\/.*$/, "")) };
    }),
  );
};

/** `file:line: text` for every line of code outside `allowed` that matches `pattern`. */
const offenders = async (
  pattern: RegExp,
  allowed: readonly string[],
  folders: string[] = ["src", "actions"],
): Promise<string[]> =>
  (await codeOf(...folders)).flatMap(({ file, lines }) =>
    allowed.includes(file)
      ? []
      : lines.flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );

describe("one source for each shared thing", () => {
  it("environment variables are read only through src/lib/environment.ts", async () => {
    // The git runner passes the whole environment on to git, which is not reading a variable; an action's inputs
    // reach it through @actions/core's getInput, which its action.yml declares and one schema parses.
    expect(
      await offenders(/process\.env\.|process\.env\[|\benvironment\.[A-Z_]{2,}|\benvironment\[/, [
        "src/lib/environment.ts",
      ]),
    ).toEqual([]);
  });

  it("site paths are spelled only in packages/client/src/site-paths.ts", async () => {
    expect(
      await offenders(
        /["'`]\/api\/v1|\/\.well-known\//,
        ["packages/client/src/site-paths.ts"],
        ["src", "actions", "packages/client/src", "site"],
      ),
    ).toEqual([]);
  });

  it("git is started only by src/lib/git.ts", async () => {
    expect(await offenders(/spawn\(\s*["']git["']|execFile(Sync)?\(\s*["']git["']/, ["src/lib/git.ts"])).toEqual([]);
  });

  it("the error body has one type, in the client's wire schemas", async () => {
    expect(
      await offenders(
        /(interface|type)\s+ErrorBody\b/,
        ["packages/client/src/endpoint-schemas.ts"],
        ["src", "actions", "packages/client/src", "site"],
      ),
    ).toEqual([]);
  });

  it("the checks above find what they look for", async () => {
    expect(await offenders(/readVariable\(/, [])).not.toEqual([]);
    expect(await offenders(/SITE_PATHS\./, [])).not.toEqual([]);
  });
});
