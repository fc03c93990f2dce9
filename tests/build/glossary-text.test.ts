import { describe, expect, it } from "vitest";
import { forbiddenCharacter } from "../../src/lib/text.ts";
import { GLOSSARY } from "../../src/render/api/discovery.ts";

/** Every character of `texts` the text rule refuses (one-line text: the glossary's keys and words are single terms). */
const refused = (texts: readonly string[]): string[] =>
  texts.flatMap((text) =>
    [...text].flatMap((character) => {
      const reason = forbiddenCharacter(character.codePointAt(0)!, false);
      return reason === undefined ? [] : [`${JSON.stringify(text)}: ${reason}`];
    }),
  );

describe("the glossary (src/render/api/discovery.ts), which feeds the search index", () => {
  it("holds only text the text rule allows, in every key and every word", () => {
    const texts = Object.entries(GLOSSARY).flatMap(([key, words]) => [key, ...words]);
    expect(texts.length).toBeGreaterThan(Object.keys(GLOSSARY).length);
    expect(refused(texts)).toEqual([]);
    // The same look finds a refused character where there is one.
    expect(refused(["spec\u202Etax", "zero\u0000"])).toHaveLength(2);
  });
});
