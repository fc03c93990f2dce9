import { existsSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Docs and code comments send readers to files by their repository path (`src/lib/git.ts`, `tests/render/`); when a
 * file is moved, merged or renamed, every such mention must follow it, or the reader is sent nowhere. This test names
 * each mention of a path under one of the repository's folders that does not exist.
 *
 * What counts as a mention: a path starting with one of the folders below and ending in a file extension
 * (`src/lib/git.ts`) or in `/` (`tests/render/`); with or without a leading `./`. Not checked: a path inside a longer
 * one or a URL (`_site/`, `/api/v1/facts/x.json`, `https://…/docs/a.md`), a pattern or placeholder (`*`, `<id>`,
 * `{a,b}`, `${…}`), an action reference (`actions/checkout@…`), and generated output (a `dist/` or `node_modules/`
 * segment), which a clone has only after a build.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Where mentions are looked for: the docs, the code's comments, the workflows, CI's script and the site's assets. */
const SCANNED = [
  "README.md",
  "CONTRIBUTING.md",
  "docs",
  "src",
  "actions",
  "packages",
  "site",
  "bench",
  "tests",
  ".github",
  ".ci",
  ".dependency-cruiser.cjs",
  "vitest.config.ts",
];
/** Test fixtures are data, not prose; the rest are generated or installed. */
const SKIPPED_FOLDERS = new Set(["node_modules", ".git", "_site", "dist", "coverage", "fixtures"]);
const GENERATED = /(^|\/)(dist|node_modules)\//;

const FOLDERS = [
  "src",
  "actions",
  "tests",
  "packages",
  "bench",
  "docs",
  "site",
  "\\.github",
  "reference",
  "schemas",
  "facts",
];
/** A path token: one of the folders, then path characters (placeholders and globs included, so they can be skipped). */
const REPOSITORY_PATH = new RegExp(`(?<![\\w.@:~/$\\\\-])(?:\\./)?((?:${FOLDERS.join("|")})/[\\w./<>*{}$@~+-]*)`, "g");
const PATTERN = /[<>*{}$@]/;
const FILE_EXTENSION = /\/[^/]*[^/.]\.[a-z][a-z0-9]{0,5}$/i;

/**
 * `text` with everything that is not a comment blanked out, newlines kept, so a match's line is its line in the file.
 */
const commentsOnly = (text: string, ranges: Iterable<readonly [number, number]>): string => {
  const kept = text.replace(/[^\n]/g, " ").split("");
  for (const [start, end] of ranges) for (let index = start; index < end; index++) kept[index] = text[index]!;
  return kept.join("");
};

/**
 * The comments of a TypeScript or JavaScript file, found by TypeScript's parser so strings and regular expressions are
 * not taken for comments.
 */
const scriptComments = (file: string, text: string): string => {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  );
  const ranges = new Map<number, number>();
  const visit = (node: ts.Node): void => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.getEnd()) ?? []),
    ])
      ranges.set(range.pos, range.end);
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return commentsOnly(text, [...ranges]);
};

/** Where each match of `pattern` starts and ends in `text`. */
const rangesOf = (text: string, pattern: RegExp): (readonly [number, number])[] =>
  [...text.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length] as const);

/** The text of `file` in which paths are looked for: all of a page or a workflow, the comments of code. */
const proseOf = (file: string, text: string): string | undefined => {
  if (/\.(md|ya?ml)$/.test(file)) return text;
  if (/\.[cm]?[jt]s$/.test(file)) return scriptComments(file, text);
  if (file.endsWith(".css")) return commentsOnly(text, rangesOf(text, /\/\*[\s\S]*?\*\//g));
  if (file.endsWith(".sh") || file.startsWith(".ci/")) return commentsOnly(text, rangesOf(text, /(?<=^|\s)#.*$/gm));
  return undefined;
};

const filesUnder = async (root: string): Promise<string[]> => {
  const files: string[] = [];
  for (const entry of SCANNED) {
    const full = path.join(root, entry);
    if (!existsSync(full)) continue;
    if (!statSync(full).isDirectory()) {
      files.push(entry);
      continue;
    }
    for (const found of await readdir(full, { recursive: true, withFileTypes: true })) {
      const relative = path.relative(root, path.join(found.parentPath, found.name)).split(path.sep).join("/");
      if (found.isFile() && !relative.split("/").some((part) => SKIPPED_FOLDERS.has(part))) files.push(relative);
    }
  }
  return files.sort();
};

/** Every mention under `root` of a repository path that does not exist, as `file:line: path`. */
const missingPaths = async (root: string, except: readonly string[] = []): Promise<string[]> => {
  const problems: string[] = [];
  for (const file of (await filesUnder(root)).filter((each) => !except.includes(each))) {
    const text = await readFile(path.join(root, file), "utf8");
    const prose = proseOf(file, text);
    if (prose === undefined) continue;
    for (const match of prose.matchAll(REPOSITORY_PATH)) {
      const mentioned = match[1]!.replace(/\.+$/, "");
      if (PATTERN.test(mentioned) || GENERATED.test(mentioned)) continue;
      const folder = mentioned.endsWith("/");
      if (!folder && !FILE_EXTENSION.test(mentioned)) continue;
      const full = path.join(root, mentioned);
      if (existsSync(full) && statSync(full).isDirectory() === folder) continue;
      problems.push(`${file}:${prose.slice(0, match.index).split("\n").length}: ${mentioned}`);
    }
  }
  return problems;
};

describe("repository paths in docs and comments", () => {
  const fixtures: string[] = [];
  afterAll(async () => {
    for (const folder of fixtures) await rm(folder, { recursive: true, force: true });
  });

  it("finds a missing file or folder in a page, a comment, a stylesheet and a workflow, and nothing else", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "repository-paths-"));
    // The page's name is put together so that the citations test does not take it for a citation of a missing page.
    const page = ["docs", "index.md"].join("/");
    fixtures.push(root);
    for (const folder of ["docs", "src/lib", "site/assets", ".github/workflows"])
      await mkdir(path.join(root, folder), { recursive: true });
    await writeFile(path.join(root, "src/lib/git.ts"), "");
    await writeFile(
      path.join(root, page),
      [
        "Git runs in `src/lib/git.ts`; the pages were in `src/pages/render.ts` and `tests/pages/`.",
        "Not paths to check: facts/<domain>/<id>.json, src/**/*.ts, src/lib, https://example.com/src/gone.ts, _site/x.html,",
        "/api/v1/facts/x.json, actions/checkout@v4.1, packages/client/dist/index.js, src/lib/git.ts/ (a file, not a folder).",
        "",
      ].join("\n"),
    );
    await writeFile(
      path.join(root, "src/lib/a.ts"),
      [
        "// See src/lib/git.ts and ./src/lib/gone.ts.",
        'const pattern = /src\\/regex.ts/; const text = "tests/in-a-string.ts // src/in-a-string.ts";',
        "/** Once in src/moved.ts. */",
        "export const a = () => {",
        "  return pattern.test(text); // src/lib/",
        "  // src/last-in-block.ts",
        "};",
        "",
      ].join("\n"),
    );
    await writeFile(
      path.join(root, "site/assets/site.css"),
      '/* Rows of src/render/rows.ts. */\na::after { content: "src/not-a-comment.ts"; }\n',
    );
    await writeFile(
      path.join(root, ".github/workflows/ci.yml"),
      "steps:\n  - uses: ./actions/setup/\n  - run: node src/cli/build.ts\n",
    );
    expect(await missingPaths(root)).toEqual([
      ".github/workflows/ci.yml:2: actions/setup/",
      ".github/workflows/ci.yml:3: src/cli/build.ts",
      `${page}:1: src/pages/render.ts`,
      `${page}:1: tests/pages/`,
      `${page}:3: src/lib/git.ts/`,
      "site/assets/site.css:1: src/render/rows.ts",
      "src/lib/a.ts:1: src/lib/gone.ts",
      "src/lib/a.ts:3: src/moved.ts",
      "src/lib/a.ts:6: src/last-in-block.ts",
    ]);
  });

  it("name only files and folders this repository has", async () => {
    // This file's fixtures name missing paths on purpose.
    const self = path
      .relative(ROOT, import.meta.filename)
      .split(path.sep)
      .join("/");
    expect(await missingPaths(ROOT, [self])).toEqual([]);
  });
});
