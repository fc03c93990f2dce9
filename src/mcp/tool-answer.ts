/**
 * What the tools share: the answer a tool returns (structured content with its text, or why the input is invalid), a
 * citation as text, and how a calculator tool runs the client's calculator on the tree's facts and cites those it used.
 */
import { type CallToolResult, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { CalculatorError, type FactUsed } from "../../packages/client/src/index.ts";
import { AbsoluteUrl, FactId, IsoDate, PublishedCitation } from "../schemas/index.ts";
import type { SiteTree } from "./site-tree.ts";

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
 * a tool call into a result with `isError: true` whose text is the error's message.
 */
export const toolResult = <Structured extends Record<string, unknown>>(
  answer: ToolAnswer<Structured>,
): CallToolResult => {
  if ("invalid" in answer) throw new McpError(ErrorCode.InvalidParams, answer.invalid);
  return { content: [{ type: "text", text: answer.text }], structuredContent: answer.structured };
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

/** The calculator's citations with each fact's canonical URL as the tree publishes it. */
export const citedFacts = (tree: SiteTree, used: readonly FactUsed[]): CitedFact[] =>
  used.map(
    ({ canonical_url: _calculatorUrl, anchor: _anchor, ...each }) =>
      ({ ...each, canonical_url: tree.facts.get(each.fact_id)!.canonical_url }) as CitedFact,
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

/**
 * Runs a calculator on the tree's facts: what it refuses (a rule the facts do not record on that date, a value it
 * cannot read) is answered in the calculator's own words, as invalid arguments the assistant can correct.
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

/** The facts of the tree as the calculators take them. */
export const treeFacts = (tree: SiteTree) => ({
  facts: [...tree.facts.values()],
  places: [...(tree.places ?? new Map()).values()],
});
