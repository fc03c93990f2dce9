import { mkdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkFactFiles } from "../../src/check/run-checks.ts";
import { readSearchAliases, SEARCH_ALIASES_FILE } from "../../src/model/search-aliases.ts";
import { fixtures, writeJson } from "./valid-fixtures.ts";

const source = {
  url: "https://www.fvrd.ca/EN/main/government/board-of-directors/how-the-fvrd-is-governed.html",
  kind: "official",
  title: "How We Are Governed",
  retrieved_iso: "2026-01-02",
  quote: "16 from the municipalities (Abbotsford, Chilliwack, Harrison Hot Springs, Hope, Kent and Mission)",
  notes: "The regional district's own page names its member municipalities.",
};

/** A copy of the valid fixtures with `aliases` as its alias file. */
const withAliases = async (aliases: unknown): Promise<string> => {
  const root = await fixtures();
  await mkdir(path.join(root, "reference"), { recursive: true });
  await writeJson(root, SEARCH_ALIASES_FILE, aliases);
  return root;
};

describe("the search-aliases rule (reference/search-aliases.json)", () => {
  it("adds each group's aliases to the facts it names", async () => {
    const root = await withAliases({
      places: [
        { name: "Fraser Valley", aliases: ["abbotsford", "mission"], facts: ["bc.ptt.brackets"], sources: [source] },
      ],
      words: [{ name: "Conveyancing", aliases: ["notary", "lawyer"], facts: ["bc.ptt.brackets", "bc.rent_cap.2026"] }],
    });
    const { aliases, problems } = await readSearchAliases(root, ["bc.ptt.brackets", "bc.rent_cap.2026"]);
    expect(problems).toEqual([]);
    expect(aliases?.get("bc.ptt.brackets")).toEqual(["abbotsford", "mission", "notary", "lawyer"]);
    expect(aliases?.get("bc.rent_cap.2026")).toEqual(["notary", "lawyer"]);
  });

  it("refuses an alias given twice to a fact, in one group or through two, and a fact named twice, naming where it was first given", async () => {
    const root = await withAliases({
      places: [
        { name: "Fraser Valley", aliases: ["abbotsford", "mission"], facts: ["bc.ptt.brackets"], sources: [source] },
      ],
      words: [
        {
          name: "Conveyancing",
          aliases: ["notary", "mission", "notary"],
          facts: ["bc.ptt.brackets", "bc.rent_cap.2026", "bc.rent_cap.2026"],
        },
      ],
    });
    const { aliases, problems } = await readSearchAliases(root, ["bc.ptt.brackets", "bc.rent_cap.2026"]);
    expect(aliases).toBeUndefined();
    expect(problems.map((problem) => `${problem.file} ${problem.pointer}: ${problem.message}`)).toEqual([
      `${SEARCH_ALIASES_FILE} /words/0/aliases/2: "notary" is alias 0 of this group already`,
      `${SEARCH_ALIASES_FILE} /words/0/facts/2: "bc.rent_cap.2026" is fact 1 of this group already`,
      `${SEARCH_ALIASES_FILE} /words/0/aliases/1: "mission" already leads to bc.ptt.brackets through /places/0 ("Fraser Valley"): give an alias to a fact once`,
    ]);
  });

  it("caps a group's aliases and facts, and the aliases the whole file gives, since each lands in the search index the catalog page downloads", async () => {
    const ids = Array.from({ length: 17 }, (_, n) => `bc.example.fact_${String.fromCharCode(97 + n)}`);
    const words = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => `${prefix} ${n}`);
    const large = await withAliases({
      places: [],
      words: [
        { name: "Too many aliases", aliases: words("word", 65), facts: [ids[0]] },
        { name: "Too many facts", aliases: ["word"], facts: ids },
      ],
    });
    const capped = (await checkFactFiles(large, { today: "2026-01-02" })).problems.filter(
      (problem) => problem.rule === "search-aliases",
    );
    expect(capped.map((problem) => `${problem.pointer}: ${problem.message}`)).toEqual([
      "/words/0/aliases: a group has at most 64 aliases (each is added to every fact of the group in the search index)",
      "/words/1/facts: a group names at most 16 facts (each gets every alias of the group in the search index)",
    ]);

    // Two groups within their caps, 32 aliases for 16 facts each: 1,024 pairs.
    const many = await withAliases({
      places: [],
      words: [
        { name: "First", aliases: words("first", 32), facts: ids.slice(0, 16) },
        { name: "Second", aliases: words("second", 32), facts: ids.slice(0, 16) },
      ],
    });
    const { aliases, problems } = await readSearchAliases(many, ids);
    expect(aliases).toBeUndefined();
    expect(problems.map((problem) => `${problem.file} ${problem.pointer}: ${problem.message}`)).toEqual([
      `${SEARCH_ALIASES_FILE} : the file gives 1024 aliases to facts (each alias once for each fact of its group); at most 1000, since each is added to the search index the catalog page downloads`,
    ]);
  });

  it("refuses an unknown fact id, an alias that is not lowercase words and a list of places without a source, naming the file and the JSON path", async () => {
    const root = await withAliases({
      places: [{ name: "Fraser Valley", aliases: ["abbotsford"], facts: ["bc.ptt.brackets"], sources: [] }],
      words: [{ name: "Conveyancing", aliases: ["Notary"], facts: ["bc.ptt.bracket"] }],
    });
    const { problems } = await checkFactFiles(root, { today: "2026-01-02" });
    const found = problems
      .filter((problem) => problem.rule === "search-aliases")
      .map((problem) => `${problem.file} ${problem.pointer}: ${problem.message}`);
    expect(found).toEqual([
      `${SEARCH_ALIASES_FILE} /places/0/sources: a list of places cites at least one source`,
      `${SEARCH_ALIASES_FILE} /words/0/aliases/0: an alias is lowercase words (letters, digits, spaces, hyphens, apostrophes, periods)`,
    ]);

    const typo = await withAliases({
      places: [],
      words: [{ name: "Conveyancing", aliases: ["notary"], facts: ["bc.ptt.bracket"] }],
    });
    const unknown = (await checkFactFiles(typo, { today: "2026-01-02" })).problems.filter(
      (problem) => problem.rule === "search-aliases",
    );
    expect(unknown.map((problem) => `${problem.file} ${problem.pointer}: ${problem.message}`)).toEqual([
      `${SEARCH_ALIASES_FILE} /words/0/facts/0: no fact "bc.ptt.bracket" (nearest id: "bc.ptt.brackets"): an alias must lead to a fact that is not withdrawn`,
    ]);
  });
});
