import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Code, tests and docs cite the project's own pages, never a file a clone lacks
 * (docs/maintainers/decisions.md#the-repository-stands-alone). A citation names a page (`docs/consumers/api.md`,
 * `README.md`, `CONTRIBUTING.md`) and may name a heading: as `#slug`, as a quoted heading (`CONTRIBUTING.md 'A fact
 * file'`) or in parentheses (`docs/consumers/api.md (Feeds)`); Markdown files also cite by relative links. Each page
 * must exist and each heading must be one the page has, by GitHub's heading slugs.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Where citations are looked for: the code, the tests, the docs and the workflows. */
const SCANNED = [
  "src",
  "actions",
  "tests",
  "packages",
  "site",
  "bench",
  "docs",
  "README.md",
  "CONTRIBUTING.md",
  ".github",
];
const SKIPPED_FOLDERS = new Set(["node_modules", ".git", "_site", "dist", "coverage"]);
const TEXT_FILE = /\.(?:[cm]?[jt]s|tsx|json|jsonc|md|ya?ml|html|css|txt|sh|svg|xml|toml)$/;

/** The two pages once cited from outside the repository; written with escapes so that this file names neither. */
const RETIRED_PAGE = /\b(?:S\x50EC|D\x45SIGN)\.md\b/g;
/** A page citation: the page, then an optional heading as `#slug`, a quoted heading or a parenthesised heading. */
const PAGE_CITATION =
  /(?<![\w/.-])((?:docs\/[\w./-]+|README|CONTRIBUTING)\.md)(?:#([\w-]+)|,?\s+\(?["'“]([^"'”\n]+)["'”]|\s+\(([A-Z][^()\n]*)\))?/g;
/** A relative Markdown link to a page or a heading: `[text](../consumers/api.md#feeds)`, `[text](#feeds)`. */
const MARKDOWN_LINK = /\]\(\s*<?((?:[^)\s>#:]*\.md)?(?:#[^)\s>]*)?)>?(?:\s+"[^"]*")?\s*\)/g;

/** GitHub's anchor of a heading: the rendered text lowercased, punctuation dropped, spaces as hyphens. */
const headingSlug = (heading: string): string =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");

/** Every anchor of a Markdown page, outside code blocks; a repeated heading gets `-1`, `-2`, as on GitHub. */
const anchorsOf = (markdown: string): Set<string> => {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, "").split("\n")) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
};

const filesUnder = async (root: string): Promise<string[]> => {
  const files: string[] = [];
  for (const entry of SCANNED) {
    const full = path.join(root, entry);
    if (!existsSync(full)) continue;
    if (TEXT_FILE.test(entry)) {
      files.push(entry);
      continue;
    }
    for (const found of await readdir(full, { recursive: true, withFileTypes: true })) {
      const relative = path.relative(root, path.join(found.parentPath, found.name)).split(path.sep).join("/");
      if (
        found.isFile() &&
        TEXT_FILE.test(found.name) &&
        !relative.split("/").some((part) => SKIPPED_FOLDERS.has(part))
      )
        files.push(relative);
    }
  }
  return files.sort();
};

/** Every broken citation under `root`, as `file:line: what is wrong`. */
const citationProblems = async (root: string, except: readonly string[] = []): Promise<string[]> => {
  const anchors = new Map<string, Set<string> | undefined>();
  const anchorsOfPage = async (page: string): Promise<Set<string> | undefined> => {
    if (!anchors.has(page)) {
      const file = path.join(root, page);
      anchors.set(page, existsSync(file) ? anchorsOf(await readFile(file, "utf8")) : undefined);
    }
    return anchors.get(page);
  };
  const checkCitation = async (
    where: string,
    page: string,
    heading: string | undefined,
    slug: string | undefined,
  ): Promise<string[]> => {
    const pageAnchors = await anchorsOfPage(page);
    if (pageAnchors === undefined) return [`${where}: cites ${page}, which does not exist`];
    if (slug !== undefined && slug !== "" && !pageAnchors.has(slug))
      return [`${where}: cites ${page}${heading ? ` "${heading}"` : `#${slug}`}, a heading ${page} does not have`];
    return [];
  };

  const problems: string[] = [];
  for (const file of (await filesUnder(root)).filter((each) => !except.includes(each))) {
    const text = await readFile(path.join(root, file), "utf8");
    const lineOf = (index: number): number => text.slice(0, index).split("\n").length;
    for (const match of text.matchAll(RETIRED_PAGE)) {
      problems.push(
        `${file}:${lineOf(match.index)}: cites ${match[0]}, which a clone does not have; cite a page under docs/`,
      );
    }
    for (const match of text.matchAll(PAGE_CITATION)) {
      const [, page, anchor, quoted, parenthesised] = match;
      const heading = quoted ?? parenthesised;
      problems.push(
        ...(await checkCitation(
          `${file}:${lineOf(match.index)}`,
          page!,
          heading,
          anchor ?? (heading && headingSlug(heading)),
        )),
      );
    }
    if (!file.endsWith(".md")) continue;
    const prose = text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, " "));
    for (const match of prose.matchAll(MARKDOWN_LINK)) {
      const [target, anchor] = match[1]!.split("#");
      const page = target ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(target))) : file;
      problems.push(
        ...(await checkCitation(
          `${file}:${lineOf(match.index)}`,
          page,
          undefined,
          anchor && decodeURIComponent(anchor),
        )),
      );
    }
  }
  return problems;
};

describe("citations of the project's pages", () => {
  const fixtures: string[] = [];
  afterAll(async () => {
    for (const folder of fixtures) await rm(folder, { recursive: true, force: true });
  });

  it("slugs headings as GitHub does", () => {
    expect(headingSlug("The fact.updated event")).toBe("the-factupdated-event");
    expect(headingSlug("Testing your endpoint: `fact.ping`")).toBe("testing-your-endpoint-factping");
    expect(headingSlug("Answering, retries and 410")).toBe("answering-retries-and-410");
    expect(headingSlug("The schema of each fact's value")).toBe("the-schema-of-each-facts-value");
    expect([...anchorsOf("# A\n\n```sh\n# not a heading\n```\n\n## B\n\n## B\n")]).toEqual(["a", "b", "b-1"]);
  });

  it("finds a retired page, a missing page, a missing heading in each form, and a broken relative link", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "citations-"));
    fixtures.push(root);
    await mkdir(path.join(root, "docs/consumers"), { recursive: true });
    await mkdir(path.join(root, "src"), { recursive: true });
    await writeFile(
      path.join(root, "docs/consumers/api.md"),
      "# Using the API\n\n## Headers\n\n[errors](#errors) and [headers](#headers)\n",
    );
    await writeFile(
      path.join(root, "docs/index.md"),
      "[the API](consumers/api.md#headers), [nothing](consumers/api.md#nope), [gone](gone.md)\n",
    );
    const retired = "S\x50EC.md";
    await writeFile(
      path.join(root, "src/a.ts"),
      [
        `// ${retired} section 8 and docs/consumers/api.md#headers`,
        "// docs/consumers/api.md#nope, docs/missing.md",
        '// docs/consumers/api.md "Caching" and docs/consumers/api.md (Headers) and docs/consumers/api.md ("Headers")',
        "",
      ].join("\n"),
    );
    expect(await citationProblems(root)).toEqual([
      "docs/consumers/api.md:5: cites docs/consumers/api.md#errors, a heading docs/consumers/api.md does not have",
      "docs/index.md:1: cites docs/consumers/api.md#nope, a heading docs/consumers/api.md does not have",
      "docs/index.md:1: cites docs/gone.md, which does not exist",
      `src/a.ts:1: cites ${retired}, which a clone does not have; cite a page under docs/`,
      "src/a.ts:2: cites docs/consumers/api.md#nope, a heading docs/consumers/api.md does not have",
      "src/a.ts:2: cites docs/missing.md, which does not exist",
      'src/a.ts:3: cites docs/consumers/api.md "Caching", a heading docs/consumers/api.md does not have',
    ]);
  });

  it("are all whole in this repository: every cited page and heading exists", async () => {
    // This file's fixtures are broken citations on purpose.
    const self = path
      .relative(ROOT, import.meta.filename)
      .split(path.sep)
      .join("/");
    expect(await citationProblems(ROOT, [self])).toEqual([]);
  });

  it("cite the API contract and the decisions by heading", async () => {
    const files = await filesUnder(ROOT);
    const texts = await Promise.all(files.map((file) => readFile(path.join(ROOT, file), "utf8")));
    const cited = new Set(
      texts.flatMap((text) =>
        [...text.matchAll(/docs\/(?:consumers\/api|maintainers\/decisions)\.md#[\w-]+/g)].map((match) => match[0]),
      ),
    );
    expect([...cited].filter((citation) => citation.includes("decisions.md")).sort()).toEqual([
      "docs/maintainers/decisions.md#cadence",
      "docs/maintainers/decisions.md#runtime",
      "docs/maintainers/decisions.md#the-repository-stands-alone",
      "docs/maintainers/decisions.md#time",
      "docs/maintainers/decisions.md#versions",
      "docs/maintainers/decisions.md#workflows",
    ]);
    expect(cited).toContain("docs/consumers/api.md#the-factupdated-event");
  });
});
