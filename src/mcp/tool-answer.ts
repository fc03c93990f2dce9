/**
 * What the tools share: the answer a tool returns (structured content with its text, or why the input is invalid), a
 * citation as text, and how a calculator tool runs the client's calculator on the tree's facts and cites those it used.
 */
import { type CallToolResult, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import {
  CalculatorError,
  type FactSource,
  type FactUsed,
  findPlace,
  type PlaceRecord,
} from "../../packages/client/src/index.ts";
import { AbsoluteUrl, FactId, IsoDate, PublishedCitation } from "../schemas/index.ts";
import type { PublishedFact, SiteTree } from "./site-tree.ts";

/**
 * What a tool answers: the structured content its output schema describes and the same answer as readable text, for
 * clients that show the model only the text. `invalid` instead says why the arguments cannot be answered (an
 * unknown fact id, a calculation the facts do not allow), in words the assistant can act on.
 */
export type ToolAnswer<Structured extends Record<string, unknown>> =
  | { structured: Structured; text: string }
  | { invalid: string };

/**
 * The protocol's form of an answer. A refusal is thrown as an McpError with InvalidParams, the code the SDK gives
 * arguments its input schema refuses, so both reach the client the same way: this SDK version turns every error of
 * a tool call into a result with `isError: true` whose text is the error's message. A tool that reads files of the
 * tree gives its answer once they are read; a file it cannot use rejects it with a TreeFileError (tree-files.ts),
 * which reaches the client the same way, as a tool error naming the file.
 */
export const toolResult = async <Structured extends Record<string, unknown>>(
  answer: ToolAnswer<Structured> | Promise<ToolAnswer<Structured>>,
): Promise<CallToolResult> => {
  const settled = await answer;
  if ("invalid" in settled) throw new McpError(ErrorCode.InvalidParams, settled.invalid);
  return { content: [{ type: "text", text: settled.text }], structuredContent: settled.structured };
};

/**
 * One citation as a list item of a text answer: who, what, what kind of source and when it was last checked, then
 * its URL; with `quote`, the passage of the source that states the point on the next line.
 */
export const citationText = (citation: PublishedCitation, options: { quote: boolean }): string => {
  const title = citation.title === undefined ? "" : `, "${citation.title}"`;
  const details = [citation.kind, `retrieved ${citation.retrieved_iso}`]
    .filter((detail) => detail !== undefined)
    .join(", ");
  const quote = options.quote && citation.quote !== undefined ? `\n  quote: "${citation.quote}"` : "";
  return `- ${citation.org}${title} (${details}): ${citation.url}${quote}`;
};

/** Every line of `text` indented by `prefix`, to nest a list under an item. */
export const indented = (text: string, prefix = "  "): string =>
  text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");

/** The date option every calculator that reads facts takes. */
export const AsOfInput = IsoDate.optional().describe(
  "The date whose rules apply, YYYY-MM-DD (for a transfer, its registration date; for a mortgage insurance premium or the stress test's qualifying rate, the day the mortgage and its insurance were applied for, not the closing date); default today in British Columbia. Each fact's version in force on that date is used.",
);

/** A fact a calculation used, cited by the canonical URL the tree publishes for it. */
export const CitedFact = z.object({
  fact_id: FactId,
  version: z.int().min(1).optional(),
  effective_iso: IsoDate.optional(),
  superseded_iso: IsoDate.optional().describe(
    "When this version stopped being in force; absent for the current version.",
  ),
  as_of: IsoDate.describe("The date the calculation was made for."),
  label: z.string().describe("The fact's label: the rule's name, the same for every period."),
  summary: z
    .string()
    .optional()
    .describe("The value of the period used in one line of plain words, with that period's own numbers."),
  canonical_url: AbsoluteUrl,
  page_url: AbsoluteUrl.optional().describe(
    "The fact page's section on the period used (#v{N}, or #earlier-{effective_iso} for a period before the first version).",
  ),
  citations: z
    .array(PublishedCitation)
    .describe("The sources of the version used; an earlier version's are on the fact's page and in its diffs."),
});
export type CitedFact = z.infer<typeof CitedFact>;

export const CitedFacts = z
  .array(CitedFact)
  .describe("Each fact the calculation read, with the version in force on as_of, its canonical_url and its citations.");

/**
 * The calculator's citations with each fact's canonical URL as the tree publishes it; `facts` holds every fact the
 * calculation read (calculateFromFacts gives them).
 */
export const citedFacts = (facts: ReadFacts, used: readonly FactUsed[]): CitedFact[] =>
  used.map(
    ({ canonical_url: _calculatorUrl, anchor: _anchor, ...each }) =>
      ({ ...each, canonical_url: facts.get(each.fact_id)!.canonical_url }) as CitedFact,
  );

/** The facts used, as the last lines of a text answer. */
export const factsUsedText = (citations: readonly CitedFact[]): string[] =>
  citations.length === 0
    ? []
    : [
        "facts used (cite them):",
        ...citations.flatMap((used) => [
          `  - ${used.fact_id}${used.version === undefined ? ", a period recorded before its first version" : ` version ${used.version}`}${used.effective_iso ? `, in effect from ${used.effective_iso}` : ""}${used.superseded_iso ? ` to ${used.superseded_iso}` : ""} (as of ${used.as_of}): ${used.canonical_url}`,
          `    ${used.label}${used.summary === undefined ? "" : `, in that period: ${used.summary}`}${used.page_url === undefined ? "" : ` (${used.page_url})`}`,
          ...used.citations.map((citation) => indented(citationText(citation, { quote: false }), "    ")),
        ]),
      ];

/** A calculator's answer as text: its headline, each step, what it assumes and the facts it used. */
export const answerText = (
  heading: string,
  breakdown: readonly string[],
  citations: readonly CitedFact[] = [],
  assumptions: readonly string[] = [],
): string =>
  [
    heading,
    "calculation:",
    ...breakdown.map((line) => `  - ${line}`),
    ...(assumptions.length === 0 ? [] : ["assumptions:", ...assumptions.map((line) => `  - ${line}`)]),
    ...factsUsedText(citations),
  ].join("\n");

/** Every tool here only reads the published tree. */
export const annotations = { readOnlyHint: true, openWorldHint: false } as const;

/** What every calculator tool's answer adds to the calculator's result: its date checked, its facts cited by the tree. */
export const Cited = { as_of: IsoDate, citations: CitedFacts };

/** The calculator's result with its citations as the tree publishes them. */
export const cite = <Result extends { citations: readonly FactUsed[] }>(facts: ReadFacts, result: Result) => ({
  ...result,
  citations: citedFacts(facts, result.citations),
});

/**
 * The answer of a calculator tool whose text is a headline and the calculator's own lines: the result with its facts
 * cited by the tree, and as text `heading`, the breakdown, the assumptions and the facts used.
 */
export const citedAnswer =
  <Result extends { citations: readonly FactUsed[]; breakdown: readonly string[]; assumptions?: readonly string[] }>(
    heading: (result: Result) => string,
  ) =>
  (result: Result, facts: ReadFacts) => {
    const structured = cite(facts, result);
    return {
      structured,
      text: answerText(heading(result), result.breakdown, structured.citations, result.assumptions ?? []),
    };
  };

/**
 * Runs a calculator that reads no fact (the mortgage arithmetic): what it refuses is answered in the calculator's own
 * words, as invalid arguments the assistant can correct.
 */
export const calculate = <Result, Structured extends Record<string, unknown>>(
  what: string,
  run: () => Result,
  answer: (result: Result) => { structured: Structured; text: string },
): ToolAnswer<Structured> => {
  let result: Result;
  try {
    result = run();
  } catch (error: unknown) {
    if (error instanceof CalculatorError) return { invalid: `cannot calculate ${what}: ${error.message}` };
    throw error;
  }
  return answer(result);
};

/** The facts one calculation has read, by id. */
export type ReadFacts = ReadonlyMap<string, PublishedFact>;

/**
 * How many times one calculation is run at most. Each run after the first follows the read of a fact (or of every
 * member of a yearly series) the run before asked for; no calculator reads more than a few dozen facts.
 */
export const MAX_CALCULATION_RUNS = 64;

/**
 * Reads what a calculator asked for and lacked (`id`: a fact, or the name of a yearly series, whose members are read)
 * into `facts`. False when there is nothing to read: the tree publishes no such fact or series, or it has been read
 * already (then the calculator's refusal is its answer, as it was when the server read every fact at start).
 */
const readWanted = async (tree: SiteTree, id: string, facts: Map<string, PublishedFact>): Promise<boolean> => {
  if (tree.factIds.has(id)) {
    if (facts.has(id)) return false;
    facts.set(id, await tree.fact(id));
    return true;
  }
  if (!tree.seriesNames.has(id)) return false;
  const members = (await tree.series(id)).members.filter((member) => !facts.has(member.id));
  if (members.length === 0) return false;
  const read = await Promise.all(members.map((member) => tree.fact(member.id)));
  for (const fact of read) facts.set(fact.id, fact);
  return true;
};

/**
 * The place records a calculation about `place` is given: the place's own file when the register lists it, else
 * none (the calculator then refuses the place, and calculateFromFacts names the nearest of the whole register).
 */
const placesFor = async (tree: SiteTree, place: string | undefined): Promise<PlaceRecord[]> =>
  place !== undefined && tree.places.some((each) => each.id === place) ? [await tree.place(place)] : [];

/**
 * The refusal of a place the register does not list, as the calculator words it with every place record at hand: the
 * nearest names of the whole register, from the places index.
 */
export const unknownPlaceRefusal = (tree: SiteTree, place: string, option: string): CalculatorError => {
  try {
    findPlace({ facts: [], places: [] }, place, option, tree.places);
  } catch (error: unknown) {
    if (error instanceof CalculatorError) return error;
    throw error;
  }
  throw new Error(`${place} is a place of the register, not an unknown one`);
};

/**
 * Runs a calculator of the client package on the facts of the tree, reading them on demand, as the calculators page
 * does: the calculator is given the facts read so far, and when it refuses for want of one (a CalculatorError with
 * reason `missing-fact` naming it) that fact is read (a yearly series' name: each of its members) and the calculator
 * runs again, at most MAX_CALCULATION_RUNS times. The facts are given in the tree's order (the manifest's
 * fact_id_list), as the catalog lists them, so every answer is the one the calculator gives with every fact at hand.
 * With `place` (the place option of a calculator that takes one), that place's file is read first. What the
 * calculator refuses (a rule the facts do not record on that date, a value it cannot read, a fact the tree does not
 * publish) is answered in its own words, as invalid arguments the assistant can correct; a file of the tree that
 * cannot be used is a TreeFileError, answered as a tool error naming the file.
 */
export const calculateFromFacts = async <Result, Structured extends Record<string, unknown>>(
  tree: SiteTree,
  what: string,
  run: (source: FactSource) => Result,
  answer: (result: Result, facts: ReadFacts) => { structured: Structured; text: string },
  place?: string,
): Promise<ToolAnswer<Structured>> => {
  const facts = new Map<string, PublishedFact>();
  const places = await placesFor(tree, place);
  for (let runs = 1; ; runs++) {
    let result: Result;
    try {
      const inOrder = [...tree.factIds].flatMap((id) => facts.get(id) ?? []);
      result = run({ facts: inOrder, places });
    } catch (error: unknown) {
      if (!(error instanceof CalculatorError)) throw error;
      const wanted = error.reason === "missing-fact" ? error.fact_id : undefined;
      if (wanted !== undefined && runs < MAX_CALCULATION_RUNS && (await readWanted(tree, wanted, facts))) continue;
      const refusal =
        error.reason === "unknown-place" && place !== undefined && error.option === "place"
          ? unknownPlaceRefusal(tree, place, "place")
          : error;
      return { invalid: `cannot calculate ${what}: ${refusal.message}` };
    }
    return answer(result, facts);
  }
};
