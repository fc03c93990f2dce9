import type { Bracket } from "../../../schemas/fact-value.ts";
import { formatCad, formatPercent, type Html, html } from "../text/index.ts";

/** The range a bracket covers, from the previous bracket's upper bound: "Up to $200,000", "$200,000 to $2,000,000", "Over $3,000,000". */
export const bracketRange = (brackets: readonly Bracket[], index: number): string => {
  const lower = index === 0 ? null : brackets[index - 1]!.upper;
  const upper = brackets[index]!.upper;
  if (lower === null && upper === null) return "Any amount";
  if (lower === null) return `Up to ${formatCad(upper!)}`;
  if (upper === null) return `Over ${formatCad(lower)}`;
  return `${formatCad(lower)} to ${formatCad(upper)}`;
};

/** A `CAD-bracket-array` (docs/consumers/api.md#values-and-units) as a table of ranges and rates, the way the Ministry of Finance prints it. */
export const renderBracketTable = (brackets: readonly Bracket[], caption: string): Html => html`<table class="brackets">
<caption>${caption}</caption>
<thead><tr><th scope="col">Range</th><th scope="col">Rate</th></tr></thead>
<tbody>
${brackets.map(
  (bracket, index) => html`<tr><th scope="row">${bracketRange(brackets, index)}</th><td>${formatPercent(bracket.rate)}</td></tr>
`,
)}</tbody>
</table>`;
