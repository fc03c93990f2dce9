import { execFile } from "node:child_process";
import { link, mkdir, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runChecks } from "../../src/check/run-checks.ts";
import { formatProblem } from "../../src/lib/problem.ts";
import { parseJsonDocument } from "../../src/model/json-document.ts";
import { factValue } from "../helpers/fact-values.ts";
import { copyOrganisations, createGitRepo, factJson } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { BIDI, CONTROL, REFUSED_CHARACTERS, SURROGATE } from "../helpers/refused-characters.ts";
import { PROJECT_ROOT, projectCommand } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);
const TODAY = "2026-11-21";
const FACT = "facts/tax/bc.test.text.json";
const BENCHMARK = "index-data/benchmarks/greater-vancouver.json";
/**
 * Facts that must pass every rule, the value schema included, so of real ids with their real values (a fake id has no
 * value schema); the refused files keep their fake names, as they are refused before they are read.
 */
const VALID_IDS = ["cra.hbp.withdrawal_limit", "ca.capital_gains.inclusion_rate"] as const;
const VALID_FACT = `facts/tax/${VALID_IDS[0]}.json`;
const validFact = (id: string = VALID_IDS[0]) => ({ id, unit: "object", value: factValue(id) });

/**
 * Runs a CLI of the project in a child process that is killed after `timeout`, so a reader that blocks (on a named
 * pipe, say) fails the test instead of hanging it. Returns the exit code and output.
 */
const runWithin = async (
  script: string,
  args: string[],
  timeout = LIMITS.wait,
): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const command = projectCommand(script, args);
    const { stdout, stderr } = await exec(command.command, command.args, {
      cwd: command.cwd,
      env: { ...process.env, FACTS_TODAY: TODAY, FACTS_BASE_URL: "https://facts.example.org" },
      timeout,
      maxBuffer: 1 << 26,
    });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as {
      code?: number | string;
      killed?: boolean;
      signal?: string;
      stdout: string;
      stderr: string;
    };
    if (failed.killed || failed.signal)
      throw new Error(`${script} did not finish within ${timeout} ms (${failed.signal})`);
    return { code: Number(failed.code), stdout: failed.stdout, stderr: failed.stderr };
  }
};
/**
 * `npm run check` on `root`, without the first lines, which name the base the version rules compared with and the
 * commits checked since it.
 */
const check = async (root: string) => {
  const result = await runWithin("src/cli/check.ts", ["--root", root]);
  return { ...result, stdout: result.stdout.replace(/^(no )?base: .*\n(commits: .*\n)+/, "") };
};

/** Every problem `npm run check` reports for the tree at `root`, as it prints them, without its summary lines. */
const problemsOf = async (root: string): Promise<string[]> =>
  (await runChecks(root, { today: TODAY })).problems.map(formatProblem);

/** An empty folder holding only the project's organisation registry, which every root of facts has. */
const dataRoot = async (): Promise<string> => {
  const root = await tempDir();
  await copyOrganisations(root);
  return root;
};

const benchmark = (measure: string) => ({
  board: "greater-vancouver",
  measure,
  months: [
    {
      month: "2024-04",
      hpi_benchmark_price: 1205800,
      citation: {
        url: "https://www.gvrealtors.ca/market-watch/monthly-market-report",
        org: "greater-vancouver-realtors",
        kind: "secondary",
        retrieved_iso: TODAY,
      },
    },
  ],
});

const write = async (root: string, file: string, text: string | Buffer): Promise<void> => {
  await mkdir(path.join(root, path.dirname(file)), { recursive: true });
  await writeFile(path.join(root, file), text);
};
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** `line:column` (1-based) of the first `needle` after the first `after` in `text`. */
const locate = (text: string, after: string, needle: string): string => {
  const start = text.indexOf(after);
  expect(start, `${after} in the file`).toBeGreaterThanOrEqual(0);
  const offset = text.indexOf(needle, start);
  const lines = text.slice(0, offset).split("\n");
  return `${lines.length}:${lines.at(-1)!.length + 1}`;
};

/** A character as a report prints it: each UTF-16 unit as a JSON escape. */
const printed = (character: string): string =>
  [...Array(character.length).keys()]
    .map((index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, "0")}`)
    .join("");

describe("the text rule: characters no output can carry are refused in every string of a data file", () => {
  it.each(REFUSED_CHARACTERS)(
    "refuses %s in a label, a description, a citation note, a key inside value and an index-data string",
    async (_name, character, message) => {
      const root = await dataRoot();
      const fact = factJson({ id: "bc.test.text", label: `Label ${character} here` });
      const factText = json({
        ...fact,
        description: `Description ${character}.`,
        value: { outer: { [`key${character}`]: 1 } },
        citations: [{ ...(fact.citations as object[])[0], notes: `A note ${character}.` }],
      });
      const indexText = json(benchmark(`Measure ${character}`));
      await write(root, FACT, factText);
      await write(root, BENCHMARK, indexText);

      // Where the character is written in the file: raw, or as a JSON escape, whose backslash is its place.
      const written = JSON.stringify(character).slice(1, -1);
      expect(await problemsOf(root)).toEqual([
        `${FACT}:${locate(factText, '"label"', written)}: ${message} (at /label) [text]`,
        `${FACT}:${locate(factText, '"description"', written)}: ${message} (at /description) [text]`,
        `${FACT}:${locate(factText, '"outer"', written)}: ${message} (at /value/outer/key${printed(character)}) [text]`,
        `${FACT}:${locate(factText, '"notes"', written)}: ${message} (at /citations/0/notes) [text]`,
        `${BENCHMARK}:${locate(indexText, '"measure"', written)}: ${message} (at /measure) [text]`,
      ]);
    },
  );

  it("refuses a character in a scheduled change, its citation and a string deep inside value", async () => {
    const root = await dataRoot();
    const fact = factJson({ id: "bc.test.text", value: { areas: [{ name: "North\u0007" }] } });
    const citation = (fact.citations as object[])[0];
    await write(
      root,
      FACT,
      json({
        ...fact,
        citations: [{ ...citation, title: "Title \u202e" }],
        scheduled: [
          {
            effective_iso: "2027-01-01",
            status: "enacted",
            value: 2,
            citations: [{ ...citation, quote: "Quoted \ud800 text" }],
            note: "Rises\u0000.",
          },
        ],
      }),
    );
    expect(
      (await problemsOf(root)).filter((line) => line.endsWith("[text]")).map((line) => line.replace(/^[^ ]+ /, "")),
    ).toEqual([
      `U+0007 ${CONTROL} (at /value/areas/0/name) [text]`,
      `U+202E ${BIDI} (at /citations/0/title) [text]`,
      `U+D800 ${SURROGATE} (at /scheduled/0/citations/0/quote) [text]`,
      `U+0000 ${CONTROL} (at /scheduled/0/note) [text]`,
    ]);
  });

  it("allows a newline only in description, notes and quote, and a tab anywhere", async () => {
    const root = await dataRoot();
    const fact = factJson({ id: "bc.test.text", label: "Two\nlines", value: { text: "a\nb", tabbed: "a\tb" } });
    const citation = (fact.citations as object[])[0];
    const text = json({
      ...fact,
      description: "First line.\nSecond line.",
      citations: [
        {
          ...citation,
          quote: "Quoted\nacross lines",
          notes: "Notes\nacross lines.",
          title: "A\ttitle",
          org: "Org\nName",
        },
      ],
    });
    await write(root, FACT, text);
    const line = "a line break in a one-line field: only description, notes, quote may span lines";
    expect(await problemsOf(root)).toEqual([
      `${FACT}:${locate(text, '"label"', "\\n")}: ${line} (at /label) [text]`,
      `${FACT}:${locate(text, '"text"', "\\n")}: ${line} (at /value/text) [text]`,
      `${FACT}:${locate(text, '"org"', "\\n")}: ${line} (at /citations/0/org) [text]`,
    ]);
  });

  it(
    "prints the refused character escaped, never raw, in npm run check's report",
    async () => {
      const root = await dataRoot();
      await write(root, FACT, json(factJson({ id: "bc.test.text", value: { "\u001b[2J": 1 } })));
      const result = await check(root);
      expect(result.code).toBe(1);
      expect(result.stdout.split("\n")[0]).toBe(`${FACT}:7:6: U+001B ${CONTROL} (at /value/\\u001b[2J) [text]`);
      expect(result.stdout).not.toContain("\u001b");
    },
    LIMITS.test,
  );

  it(
    "stops npm run build before any feed is written when the facts hold every refused class",
    async () => {
      const repo = await createGitRepo();
      for (const [index, [, character]] of REFUSED_CHARACTERS.entries()) {
        await repo.writeFact({ id: `bc.test.class${index}`, label: `Label ${character}` });
      }
      await repo.commit("facts with characters no feed can carry");
      const parent = await tempDir();
      const result = await runWithin("src/cli/build.ts", ["--root", repo.root, "--out", path.join(parent, "_site")]);
      expect(result.code).toBe(1);
      const lines = result.stderr.trimEnd().split("\n");
      expect(lines[0]).toBe("build failed: the data does not pass npm run check:");
      expect(lines.slice(1).map((line) => line.replace(/^facts\/tax\/bc\.test\.class\d+\.json:3:\d+: /, ""))).toEqual(
        // Sorted by file name, as the report is: class1 and class10 to class19 come before class2.
        REFUSED_CHARACTERS.map(([, , message], index) => ({ message, file: `bc.test.class${index}.json` }))
          .sort((a, b) => (a.file < b.file ? -1 : 1))
          .map(({ message }) => `${message} (at /label) [text]`),
      );
      expect(await readdir(parent)).toEqual([]);
    },
    LIMITS.test,
  );
});

/** `levels` nested arrays around a 1, as the value of a key of the root object (the root is level 1). */
const nested = (levels: number): string => `{\n  "deep": ${"[".repeat(levels)}1${"]".repeat(levels)}\n}\n`;
const TOO_DEEP = `2:26: nested 17 levels deep; a document may nest at most 16 (at /deep${"/0".repeat(15)}) [json]`;

describe("nesting is refused before any recursive walk", () => {
  it("gives a document nested 100,000 levels deep the same located message as one nested 17 deep, in a fact and in index data", async () => {
    for (const levels of [16, 100_000]) {
      const root = await dataRoot();
      await write(root, FACT, nested(levels));
      await write(root, "index-data/income.json", nested(levels));
      expect(await problemsOf(root), `${levels} arrays`).toEqual([
        `${FACT}:${TOO_DEEP}`,
        `index-data/income.json:${TOO_DEEP}`,
      ]);
    }
  });

  it("locates the first level too deep of 100,000 nested objects by its keys, in the parser every JSON reader uses", () => {
    const doc = parseJsonDocument("deep.json", `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`);
    expect(doc.value).toBeUndefined();
    expect(doc.syntaxProblems.map(formatProblem)).toEqual([
      `deep.json:1:81: nested 17 levels deep; a document may nest at most 16 (at ${"/a".repeat(16)})`,
    ]);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const value = { text: `${"[{".repeat(100)} \\" ${"[".repeat(100)}`, 'a"[[[': [[1]] };
    const doc = parseJsonDocument("strings.json", JSON.stringify(value));
    expect(doc.syntaxProblems).toEqual([]);
    expect(doc.value).toEqual(value);
  });

  it(
    "makes npm run check and npm run build name the file, not overflow the stack",
    async () => {
      const repo = await createGitRepo();
      await repo.writeFact(validFact());
      await repo.commit("a valid fact");
      await write(repo.root, FACT, nested(100_000));
      const checked = await check(repo.root);
      expect(checked.code).toBe(1);
      expect(checked.stdout.split("\n")[0]).toBe(`${FACT}:${TOO_DEEP}`);
      const built = await runWithin("src/cli/build.ts", [
        "--root",
        repo.root,
        "--out",
        path.join(await tempDir(), "_site"),
      ]);
      expect(built.code).toBe(1);
      expect(built.stderr).toBe(`build failed: the data does not pass npm run check:\n${FACT}:${TOO_DEEP}\n`);
    },
    LIMITS.test,
  );
});

const LIMIT = 256 * 1024;
const tooLarge = (bytes: number) =>
  `1:1: the file is ${bytes} bytes; a data file may be at most ${LIMIT} bytes (256 KB) (at the document root) [json]`;

describe("a data file is at most 256 KB, refused on its size before it is parsed", () => {
  const valid = json(factJson(validFact()));
  const FIFTY_MB = 50 * 1024 * 1024;

  it.each([
    // Whitespace after a valid fact, then text that is not JSON: only the size is reported, so nothing was parsed.
    [
      "50 MB of whitespace",
      () => Buffer.concat([Buffer.from(valid), Buffer.alloc(FIFTY_MB, " "), Buffer.from("not json")]),
    ],
    ["a 50 MB description", () => json({ ...factJson({ id: "bc.test.text" }), description: "x".repeat(FIFTY_MB) })],
    [
      "200,000 keys",
      () =>
        json({
          ...factJson({ id: "bc.test.text" }),
          value: Object.fromEntries(Array.from({ length: 200_000 }, (_, index) => [`k${index}`, index])),
        }),
    ],
  ])(
    "refuses %s in a fact and in index data",
    async (_name, content) => {
      const root = await dataRoot();
      const bytes = Buffer.from(content());
      await write(root, FACT, bytes);
      await write(root, "index-data/income.json", bytes);
      expect(await problemsOf(root)).toEqual([
        `${FACT}:${tooLarge(bytes.length)}`,
        `index-data/income.json:${tooLarge(bytes.length)}`,
      ]);
    },
    60_000,
  );

  it("accepts a file of exactly 256 KB and refuses one byte more", async () => {
    const root = await dataRoot();
    const padded = (size: number) => `${valid.trimEnd()}${" ".repeat(size - valid.trimEnd().length - 1)}\n`;
    await write(root, VALID_FACT, padded(LIMIT));
    expect(await problemsOf(root)).toEqual([]);
    await write(root, VALID_FACT, padded(LIMIT + 1));
    expect(await problemsOf(root)).toEqual([`${VALID_FACT}:${tooLarge(LIMIT + 1)}`]);
  });
});

describe("every data file is a regular file of its own", () => {
  const REGULAR = "must be regular files and folders in the repository (at the document root) [file-names]";

  it(
    "refuses a symbolic link to a file, a hard link to a file outside the repository, a named pipe and a socket, without hanging",
    async () => {
      const root = await dataRoot();
      const outside = await tempDir();
      await write(outside, "secret.json", json(factJson({ id: "bc.test.outside" })));
      await write(root, VALID_FACT, json(factJson(validFact())));
      await mkdir(path.join(root, "index-data/benchmarks"), { recursive: true });
      await symlink(path.join(outside, "secret.json"), path.join(root, "facts/tax/bc.test.linked.json"));
      await link(path.join(outside, "secret.json"), path.join(root, "facts/tax/bc.test.outside.json"));
      await exec("mkfifo", [path.join(root, "facts/tax/bc.test.pipe.json")]);
      await exec("mkfifo", [path.join(root, BENCHMARK)]);
      // A socket stands for the special files a test cannot make without privileges (devices): neither is data.
      const socket = createServer();
      await new Promise<void>((resolve) => socket.listen(path.join(root, "facts/tax/bc.test.socket.json"), resolve));
      const result = await check(root).finally(() => socket.close());
      expect(result.code).toBe(1);
      expect(result.stdout.trimEnd().split("\n").slice(0, -2)).toEqual([
        `facts/tax/bc.test.linked.json:1:1: is a symbolic link; facts and index data ${REGULAR}`,
        "facts/tax/bc.test.outside.json:1:1: has 2 hard links; a data file must be a file of its own, not a link to one elsewhere (at the document root) [file-names]",
        `facts/tax/bc.test.pipe.json:1:1: is a named pipe (FIFO); facts and index data ${REGULAR}`,
        `facts/tax/bc.test.socket.json:1:1: is a socket; facts and index data ${REGULAR}`,
        `${BENCHMARK}:1:1: is a named pipe (FIFO); facts and index data ${REGULAR}`,
      ]);
    },
    LIMITS.test,
  );

  it("refuses a file git records as a symbolic link even where the checkout wrote it as a plain file", async () => {
    const repo = await createGitRepo();
    await repo.writeFact(validFact());
    await symlink(path.basename(VALID_FACT), path.join(repo.root, "facts/tax/bc.test.alias.json"));
    await repo.commit("a fact and a link to it");
    // A checkout without symbolic links (core.symlinks=false, as on some Windows machines) writes the link as a file
    // holding its target.
    await repo.git("config", "core.symlinks", "false");
    await rm(path.join(repo.root, "facts/tax/bc.test.alias.json"));
    await repo.git("checkout", "--", "facts/tax/bc.test.alias.json");
    expect(await problemsOf(repo.root)).toEqual([
      `facts/tax/bc.test.alias.json:1:1: git records it as a symbolic link; facts and index data ${REGULAR}`,
    ]);
  });

  it("accepts a new regular file that git does not track yet, so a contributor can check before git add", async () => {
    const repo = await createGitRepo();
    await repo.writeFact(validFact());
    await repo.commit("a fact");
    await repo.writeFact(validFact(VALID_IDS[1]));
    expect(await repo.git("status", "--porcelain")).toContain(`?? facts/tax/${VALID_IDS[1]}.json`);
    expect(await problemsOf(repo.root)).toEqual([]);
  });
});

describe("npm run index:update reads index-data/ with the check's reader", () => {
  /** loadIndexData in a child process killed after a wait's limit, so a reader that blocks fails instead of hanging. */
  const loadIn = async (root: string): Promise<string> => {
    const script = `import { loadIndexData } from ${JSON.stringify(path.join(PROJECT_ROOT, "src/affordability/index-data.ts"))};
      loadIndexData(${JSON.stringify(root)}).then(() => console.log("loaded"), (error) => console.log(error.message));`;
    const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", script], { timeout: LIMITS.wait });
    return stdout.trimEnd();
  };

  it(
    "refuses a named pipe, an oversized file and a refused character, naming the file, without hanging",
    async () => {
      const piped = await dataRoot();
      await mkdir(path.join(piped, "index-data"), { recursive: true });
      await exec("mkfifo", [path.join(piped, "index-data/income.json")]);
      expect(await loadIn(piped)).toBe(
        "index-data/income.json cannot be read:\nindex-data/income.json:1:1: is not a regular file; facts and index data must be regular files (at the document root)",
      );

      const large = await dataRoot();
      await write(large, "index-data/income.json", Buffer.alloc(LIMIT + 1, " "));
      expect(await loadIn(large)).toBe(
        `index-data/income.json cannot be read:\nindex-data/income.json:${tooLarge(LIMIT + 1).replace(" [json]", "")}`,
      );

      const text = await dataRoot();
      await write(text, BENCHMARK, json(benchmark("Measure \u0000")));
      expect(await loadIn(text)).toBe(
        `${BENCHMARK} cannot be read:\n${BENCHMARK}:3:23: U+0000 ${CONTROL} (at /measure)`,
      );
    },
    LIMITS.test,
  );
});
