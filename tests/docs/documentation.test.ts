import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHECK_RULES } from "../../src/check/rules.ts";
import { ENVIRONMENT } from "../../src/lib/environment.ts";

/**
 * Keeps the documentation in step with the code: the commands it names exist, the environment variables it lists
 * are the ones the code reads, its links resolve, the README stays short, and no measured figure is pasted in
 * (the benchmarks print their own).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

interface Doc {
  /** Path from the repository root, e.g. `docs/operators/configuration.md`. */
  file: string;
  text: string;
  lines: string[];
}

const markdownUnder = async (folder: string): Promise<string[]> => {
  const entries = await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
};

const DOC_FILES = ["README.md", "CONTRIBUTING.md", ...(await markdownUnder("docs"))].sort();
const DOCS: Doc[] = await Promise.all(
  DOC_FILES.map(async (file) => {
    const text = await readFile(path.join(ROOT, file), "utf8");
    return { file, text, lines: text.split("\n") };
  }),
);
const docNamed = (file: string): Doc => {
  const doc = DOCS.find((each) => each.file === file);
  if (!doc) throw new Error(`${file} is missing`);
  return doc;
};

/** Every line of every doc with where it is, for messages that name the file and line. */
const allLines = DOCS.flatMap((doc) => doc.lines.map((line, index) => ({ where: `${doc.file}:${index + 1}`, line })));

const SCRIPTS = Object.keys(
  (JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
);

/** `npm run <name>`, and `npm start` / `npm test`, npm's shorthands for those two scripts. */
const scriptMentions = (line: string): string[] => [
  ...[...line.matchAll(/\bnpm run ([\w:.-]*[\w])/g)].map((match) => match[1]!),
  ...[...line.matchAll(/\bnpm (start|test)\b/g)].map((match) => match[1]!),
];

/** Figures with a unit of speed, time or size, and the words that make such a figure a target or a setting. */
const FIGURE = /\d+(?:[.,]\d+)?\s*(?:req\/s|requests\/s|deliveries\/s|\/s\b|µs|ms\b|s\b|KB\b|KiB\b|MB\b|×)/;
const ALLOWED = /≥|≤|at least|at most|target|limit|timeout|delay|default/i;
/**
 * The one page that may record measured figures, and only between `<!-- measured YYYY-MM-DD at commit <sha> -->` and
 * `<!-- end measured -->`: what a benchmark printed on one day at one commit, said as such.
 */
const MEASURED_DOC = "docs/maintainers/benchmarks.md";
const MEASURED_START = /^<!-- measured \d{4}-\d{2}-\d{2} at commit [0-9a-f]{7,40} -->$/;
const MEASURED_END = "<!-- end measured -->";

/** The lines of `doc` outside its measured blocks (see MEASURED_DOC), with their line numbers. */
const linesOutsideMeasured = (doc: Doc): { number: number; line: string }[] => {
  const numbered = doc.lines.map((line, index) => ({ number: index + 1, line }));
  if (doc.file !== MEASURED_DOC) return numbered;
  const outside: { number: number; line: string }[] = [];
  for (let index = 0; index < numbered.length; index++) {
    const end = doc.lines.indexOf(MEASURED_END, index + 1);
    if (MEASURED_START.test(doc.lines[index]!.trim()) && end > index) {
      index = end;
      continue;
    }
    outside.push(numbered[index]!);
  }
  return outside;
};

/** Each line of `doc` outside a measured block with what looks like a measured figure. */
const pastedFigures = (doc: Doc): string[] =>
  linesOutsideMeasured(doc)
    .filter(({ line }) => FIGURE.test(line) && !ALLOWED.test(line))
    .map(({ number, line }) => `${doc.file}:${number}: "${FIGURE.exec(line)![0]}" in: ${line.trim()}`);

describe("the documentation", () => {
  it("includes the README, CONTRIBUTING.md and the pages under docs/", () => {
    expect(DOC_FILES).toEqual(
      expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/operators/configuration.md"]),
    );
  });

  it("names only scripts that package.json has", () => {
    const unknown = allLines.flatMap(({ where, line }) =>
      scriptMentions(line)
        .filter((name) => !SCRIPTS.includes(name))
        .map((name) => `${where}: "npm run ${name}" names no script in package.json`),
    );
    expect(unknown, "commands named in the docs that package.json does not have").toEqual([]);
  });

  it("documents every script of package.json", () => {
    const mentioned = new Set(allLines.flatMap(({ line }) => scriptMentions(line)));
    const undocumented = SCRIPTS.filter((name) => !mentioned.has(name)).map(
      (name) => `package.json: script "${name}" is in no doc (README.md, CONTRIBUTING.md, docs/)`,
    );
    expect(undocumented, "scripts no doc mentions").toEqual([]);
  });

  it("lists exactly the variables of ENVIRONMENT in the one environment variable table of configuration.md", () => {
    const doc = docNamed("docs/operators/configuration.md");
    const heading = doc.lines.findIndex((line) => /^#+ Environment variables\s*$/.test(line));
    expect(heading, `${doc.file}: no "Environment variables" heading`).toBeGreaterThanOrEqual(0);
    const tableStart = doc.lines.findIndex((line, index) => index > heading && line.startsWith("|"));
    const tableEnd = doc.lines.findIndex((line, index) => index > tableStart && !line.startsWith("|"));
    const rows = doc.lines.slice(tableStart + 2, tableEnd === -1 ? undefined : tableEnd);
    const listed = rows.map(
      (row) => /^\|\s*`([A-Z0-9_]+)`\s*\|/.exec(row)?.[1] ?? `(a row without a variable: ${row})`,
    );
    const expected = Object.keys(ENVIRONMENT);
    const problems = [
      ...expected
        .filter((name) => !listed.includes(name))
        .map((name) => `${doc.file}: ${name} (in ENVIRONMENT) is missing from the table`),
      ...listed
        .filter((name) => !(name in ENVIRONMENT))
        .map((name) => `${doc.file}: ${name} is in the table but not in ENVIRONMENT`),
      ...listed
        .filter((name, index) => listed.indexOf(name) !== index)
        .map((name) => `${doc.file}: ${name} is listed twice`),
    ];
    expect(problems, "the environment variable table and ENVIRONMENT (src/lib/environment.ts) differ").toEqual([]);
  });

  it("mentions no variable of the project's form that ENVIRONMENT lacks", () => {
    const PROJECT_VARIABLE = /\b(FACTS_[A-Z0-9_]+|BENCH_[A-Z0-9_]+|GITHUB_[A-Z0-9_]+|SMTP_URL|PORT|HOST)\b/g;
    const unknown = allLines.flatMap(({ where, line }) =>
      [...line.matchAll(PROJECT_VARIABLE)]
        .map((match) => match[1]!)
        .filter((name) => !(name in ENVIRONMENT))
        .map((name) => `${where}: ${name} is not in ENVIRONMENT (src/lib/environment.ts)`),
    );
    expect(unknown, "variables named in the docs that the code does not read").toEqual([]);
  });

  it("keeps the README under 150 lines", () => {
    const readme = docNamed("README.md");
    const count = readme.text.endsWith("\n") ? readme.lines.length - 1 : readme.lines.length;
    expect(count, `README.md has ${count} lines; keep it under 150 and move detail to docs/`).toBeLessThan(150);
  });

  it("links only to files that exist", () => {
    const broken = DOCS.flatMap((doc) => {
      // Code blocks hold examples, not links.
      const prose = doc.text.replace(/^```[\s\S]*?^```/gm, "");
      return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("#"))
        .filter((target) => !existsSync(path.resolve(ROOT, path.dirname(doc.file), decodeURI(target.split("#")[0]!))))
        .map((target) => `${doc.file}: link to ${target}, which does not exist`);
    });
    expect(broken, "relative links that point nowhere").toEqual([]);
  });

  it("pastes no measured figure: only targets, limits, timeouts, delays and defaults carry units of speed, time or size", () => {
    const measured = DOCS.flatMap(pastedFigures);
    expect(
      measured,
      "lines that look like measured figures (a benchmark prints its own; targets and limits say so)",
    ).toEqual([]);
  });

  it("keeps measured figures to dated blocks of the benchmarks page that name their commit", () => {
    const doc = (file: string, text: string): Doc => ({ file, text, lines: text.split("\n") });
    const block = [
      "Before.",
      "<!-- measured 2026-12-06 at commit 0123456789ab -->",
      "```text",
      "build-scale facts=100 versions=20 build_s=32.5 peak_rss_mb=848 files=2963 bytes=66655723",
      "scaling 100 → 1000 facts: 9.6× the time",
      "```",
      "The build took 312 s.",
      "<!-- end measured -->",
      "After: it took 40 s.",
    ].join("\n");
    // Inside the block, figures are allowed; after it, they are refused again.
    expect(pastedFigures(doc(MEASURED_DOC, block)).map((finding) => finding.split(": ")[0])).toEqual([
      `${MEASURED_DOC}:9`,
    ]);
    // Elsewhere than the benchmarks page, a block exempts nothing.
    expect(pastedFigures(doc("docs/maintainers/architecture.md", block))).toHaveLength(3);
    // A block without its date and commit, or never closed, exempts nothing either.
    expect(pastedFigures(doc(MEASURED_DOC, block.replace(" at commit 0123456789ab", "")))).toHaveLength(3);
    expect(pastedFigures(doc(MEASURED_DOC, block.replace("<!-- end measured -->", "")))).toHaveLength(3);
  });

  it("lists in CONTRIBUTING.md every rule the check applies, with its level, and no other", () => {
    const rows = docNamed("CONTRIBUTING.md").lines.flatMap((line) => {
      const match = /^\| `([a-z-]+)` \| (error|warning) \|/.exec(line);
      return match ? [`${match[1]} ${match[2]}`] : [];
    });
    expect(rows.sort()).toEqual(CHECK_RULES.map((rule) => `${rule.name} ${rule.level}`).sort());
  });
});
