import { boardLabel } from "../../affordability/month-labels.ts";
import { BOARDS } from "../../schemas/affordability.ts";
import { INDEX_FORMULA, latestEntry } from "../api/index.ts";
import type { SiteModel } from "../site-model.ts";
import { renderIndexChart, renderPage } from "./parts/index.ts";
import { formatCad, formatPercent, html } from "./text/index.ts";

/** `/affordability.html`: each board's series as a chart and a table, the latest value and the methodology in plain words. */
export const renderAffordabilityPage = (model: SiteModel): string => {
  const { entries, gaps, data } = model.index;
  const latest = latestEntry(entries);
  const assumptions = data.methodology?.assumptions;
  const main = html`<h1>Lower Mainland affordability index</h1>
<p>For each board and month: the median household income divided by a year's cost of carrying the benchmark home, times 100.
Higher is more affordable; at 100 the median income exactly covers the carrying cost. Formula: <code>${INDEX_FORMULA}</code>.</p>
${
  latest
    ? html`<p class="latest">Latest: <strong>${latest.idx}</strong> for ${latest.boardLabel}, ${latest.monthLabel}
(benchmark ${formatCad(latest.hpiBenchmarkPrice)}, carrying cost ${formatCad(latest.annualCarryingCost)} a year, median income ${formatCad(latest.medianIncome)}).</p>`
    : html`<p class="latest">No index value is published yet.</p>`
}
${BOARDS.map((board) => {
  const series = entries.filter((entry) => entry.board === board);
  return html`<section aria-labelledby="board-${board}">
<h2 id="board-${board}">${boardLabel(board)}</h2>
${renderIndexChart(series, `chart-${board}`)}
${
  series.length > 0
    ? html`<table><caption>${boardLabel(board)}: published months</caption>
<thead><tr><th scope="col">Month</th><th scope="col">Benchmark price</th><th scope="col">Monthly payment</th><th scope="col">Carrying cost a year</th><th scope="col">Median income</th><th scope="col">Index</th><th scope="col">Trend</th></tr></thead>
<tbody>${series.map((entry) => html`<tr><th scope="row">${entry.monthLabel}</th><td>${formatCad(entry.hpiBenchmarkPrice)}</td><td>${formatCad(entry.monthlyPI)}</td><td>${formatCad(entry.annualCarryingCost)}</td><td>${formatCad(entry.medianIncome)}</td><td>${entry.idx}</td><td>${entry.idxTrend}</td></tr>`)}</tbody>
</table>`
    : ""
}
</section>`;
})}
<section aria-labelledby="methodology">
<h2 id="methodology">How it is computed</h2>
${
  assumptions
    ? html`<ul>
<li>The home is the board's MLS® HPI composite benchmark price for the month.</li>
<li>The buyer puts ${formatPercent(assumptions.down_payment_share.value)} down and borrows the rest over ${assumptions.amortization_years.value} years at the month's posted 5-year fixed rate, compounded semi-annually as Canadian law requires.</li>
<li>A year's carrying cost is twelve mortgage payments, property tax at ${formatPercent(assumptions.property_tax_rate.value)} of the price, ${formatCad(assumptions.maintenance_monthly.value)} a month for maintenance and ${formatCad(assumptions.insurance_monthly.value)} a month for insurance.</li>
<li>The trend compares a month with the previous calendar month of the same board; a move of less than ${assumptions.trend_threshold_points.value} points is "stable".</li>
${data.income ? html`<li>Income is the ${data.income.measure.toLowerCase()} for ${data.income.income_year} (${data.income.boards["greater-vancouver"].geography}; ${data.income.boards["fraser-valley"].geography}). ${data.income.carry_forward.method}</li>` : ""}
</ul>
<p>Every input has its source in the <a href="api/v1/affordability-index/index.json">series JSON</a> (<code>methodology</code>).</p>`
    : html`<p>The methodology is not published yet.</p>`
}
<h3>Months not published</h3>
${
  gaps.length === 0
    ? html`<p>None.</p>`
    : html`<p>A month is published only when both its benchmark price and its mortgage rate have a source; nothing is estimated. ${gaps.length} months lack one:</p>
<ul class="gaps">${gaps.map((gap) => html`<li>${boardLabel(gap.board)}, ${gap.month}: ${gap.reason}</li>`)}</ul>`
}
</section>`;
  return renderPage(model, {
    name: "affordability",
    title: "Lower Mainland affordability index",
    description:
      "Monthly affordability index for Greater Vancouver and the Fraser Valley: median household income over the annual cost of carrying the benchmark home.",
    canonical: model.urls.affordabilityPage,
    main,
  });
};
