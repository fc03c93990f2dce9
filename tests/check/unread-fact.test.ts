import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { frozenData } from "../helpers/frozen-copy.ts";
import { before2027, rollOver } from "../helpers/rent-cap-series.ts";
import { runCheck } from "../helpers/run-script.ts";

const GLOSSARY = "reference/glossary.json";
const PROJECT_GLOSSARY = JSON.parse(readFileSync(path.join(frozenData().root, GLOSSARY), "utf8")) as {
  keys: Record<string, unknown>;
};
const CAP_2027 = "facts/rental/bc.rent_cap.2027.json";
const FLIPPING_TAX = "facts/tax/bc.flipping_tax.json";

/** Every object key at any depth of `value`: the keys the glossary rule asks words for. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
      : [];

describe("npm run check on a fact file that does not parse", () => {
  it("reports its parse error and nothing that follows from the fact's absence (glossary, superseded_by, series)", async () => {
    // Two years of a series, the first handing over to the second, beside another fact; the glossary is the
    // project's cut to the keys these facts use, so a fact missing from the check would leave entries unused.
    const repo = await before2027();
    await rollOver(repo);
    const facts = await Promise.all(["facts/rental/bc.rent_cap.2026.json", CAP_2027, FLIPPING_TAX].map(repo.readJson));
    const used = new Set(facts.flatMap((fact) => keysOf(fact.value)));
    await repo.writeJson(GLOSSARY, {
      keys: Object.fromEntries(Object.entries(PROJECT_GLOSSARY.keys).filter(([key]) => used.has(key))),
    });
    await repo.commit("the glossary of these facts");
    await repo.git("checkout", "-q", "-b", "edit-2027");
    const run = () => runCheck(repo.root, "2027-01-10");
    expect((await run()).code).toBe(0);

    // A trailing comma after the last member, as a hand edit leaves it: in the one fact that uses its glossary
    // entries, then in the year the other hands over to.
    for (const broken of [FLIPPING_TAX, CAP_2027]) {
      const file = path.join(repo.root, broken);
      const text = await readFile(file, "utf8");
      const edited = text.replace(/\n}\n$/, ",\n}\n");
      await writeFile(file, edited);
      const before = edited.slice(0, edited.lastIndexOf(",")).split("\n");
      const result = await run();
      expect(result.code).toBe(1);
      expect(result.stdout.split("\n").filter((line) => /^\S+:\d+:\d+: /.test(line))).toEqual([
        `${broken}:${before.length}:${before.at(-1)!.length + 1}: invalid JSON: a comma after the last member (JSON allows none): remove it (at the document root) [json]`,
      ]);
      expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("1 problem in 1 file(s)");
      await writeFile(file, text);
    }
  });
});
