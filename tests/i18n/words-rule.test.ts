import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frozenData } from "../helpers/frozen-copy.ts";
import { PROJECT_ROOT, runCheck } from "../helpers/run-script.ts";

// The words rule of `npm run check` on the frozen facts and glossary, with words files made for them: every
// translation here repeats the English (what it says is not the rule's business; that it is complete and well formed
// is). Each case breaks one thing in the French file and reads the problem the check names.

type Json = Record<string, unknown>;
const LANGUAGES = ["fr-CA", "zh-Hant", "zh-Hans", "pa"];
const FRENCH = "site/words/fr-CA.json";

let root: string;
let english: { pages: Record<string, string> };
let complete: Json;

const translated = (text: string) => ({ en: text, text });

const wordsFor = async (folder: string): Promise<Json> => {
  const glossary = JSON.parse(await readFile(path.join(folder, "reference/glossary.json"), "utf8")) as {
    keys: Record<string, { label: string; members?: Record<string, string>; null_means?: string }>;
  };
  const projectFrench = JSON.parse(await readFile(path.join(PROJECT_ROOT, FRENCH), "utf8")) as { units: Json };
  const facts: Json = {};
  const { readdir } = await import("node:fs/promises");
  for (const domain of await readdir(path.join(folder, "facts"))) {
    for (const file of await readdir(path.join(folder, "facts", domain))) {
      const fact = JSON.parse(await readFile(path.join(folder, "facts", domain, file), "utf8")) as Json;
      facts[fact.id as string] = {
        label: translated(fact.label as string),
        description: translated(fact.description as string),
      };
    }
  }
  return {
    pages: english.pages,
    terms: [],
    units: Object.fromEntries(
      Object.entries(projectFrench.units).map(([unit, words]) => [unit, translated((words as { en: string }).en)]),
    ),
    glossary: Object.fromEntries(
      Object.entries(glossary.keys).map(([key, entry]) => [
        key,
        {
          label: translated(entry.label),
          ...(entry.members === undefined
            ? {}
            : {
                members: Object.fromEntries(
                  Object.entries(entry.members).map(([member, text]) => [member, translated(text)]),
                ),
              }),
          ...(entry.null_means === undefined ? {} : { null_means: translated(entry.null_means) }),
        },
      ]),
    ),
    facts,
  };
};

const writeFrench = (words: unknown) => writeFile(path.join(root, FRENCH), `${JSON.stringify(words, null, 2)}\n`);
const check = () => runCheck(root, frozenData().today);
const problemLines = (stdout: string) => stdout.split("\n").filter((line) => /^\S+:\d+:\d+: /.test(line));

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "words-rule-"));
  await cp(frozenData().root, root, { recursive: true });
  await cp(path.join(PROJECT_ROOT, "site/words/en.json"), path.join(root, "site/words/en.json"));
  english = JSON.parse(await readFile(path.join(root, "site/words/en.json"), "utf8"));
  complete = await wordsFor(root);
  for (const language of LANGUAGES)
    await writeFile(path.join(root, `site/words/${language}.json`), `${JSON.stringify(complete, null, 2)}\n`);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("npm run check: the words files", () => {
  it("passes complete words, and fails a message without its French translation, naming the file and the key", async () => {
    expect((await check()).code).toBe(0);
    const pages = { ...english.pages };
    delete pages["value.yes"];
    await writeFrench({ ...complete, pages });
    const result = await check();
    expect(result.code).toBe(1);
    expect(problemLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^site\/words\/fr-CA\.json:\d+:\d+: the message "value\.yes" has no Français \(fr-CA\) translation \(at \/pages\) \[words\]$/,
      ),
    ]);
  });

  it("names the key of a lost placeholder, a control character, malformed ICU, and warns of a translation of older English", async () => {
    const glossary = complete.glossary as Record<string, { label: { en: string; text: string } }>;
    const [firstKey, firstEntry] = Object.entries(glossary)[0]!;
    await writeFrench({
      ...complete,
      pages: {
        ...english.pages,
        "value.labelled": "{label} : le texte",
        "value.bracket-above": "{rate} au-delà de {amount",
        "value.separator": "\u0007; ",
      },
      glossary: { ...glossary, [firstKey]: { ...firstEntry, label: { en: "Older words", text: "Anciens mots" } } },
    });
    const lines = problemLines((await check()).stdout);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringContaining('the message "value.labelled" lacks the placeholder {text} the English has'),
        expect.stringContaining('the message "value.bracket-above" is not a valid ICU message'),
        expect.stringMatching(/U\+0007 is a control character.*\(at \/pages\/value\.separator\)/),
        expect.stringContaining(
          `warning: the label of "${firstKey}" was translated from older English ("Older words"); the English now reads "${firstEntry.label.en}"`,
        ),
      ]),
    );
    expect(lines.every((line) => line.startsWith("site/words/fr-CA.json:"))).toBe(true);
  });

  it("refuses a file that is not JSON, naming it, and warns of a fact with no translation", async () => {
    await writeFile(path.join(root, FRENCH), '{ "pages": ');
    const broken = await check();
    expect(broken.code).toBe(1);
    expect(problemLines(broken.stdout)[0]).toMatch(/^site\/words\/fr-CA\.json:1:\d+: invalid JSON/);

    const facts = { ...(complete.facts as Json) };
    const [id] = Object.keys(facts);
    delete facts[id!];
    await writeFrench({ ...complete, facts });
    // A fact's words are warned about, not refused: its translated pages show its English, marked as English.
    const untranslated = await check();
    expect(untranslated.code).toBe(0);
    expect(problemLines(untranslated.stdout)).toEqual([
      expect.stringContaining(`warning: the fact "${id}" has no translation (at /facts) [words]`),
    ]);
    await writeFrench(complete);
  });
});
