import { SERVICE, urlsFor } from "../lib/config.ts";
import type { MailMessage } from "../lib/mailer.ts";
import { escapeHtml } from "../lib/text.ts";
import type { DigestChange } from "./collect-digest-changes.ts";
import type { DigestCycle } from "./digest-cycle.ts";

const FIELD_NAMES = { value: "value", effective_iso: "effective", expires_iso: "re-verify by", withdrawn_iso: "withdrawn" } as const;

const shown = (value: unknown): string => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

const changeLines = (change: DigestChange): string[] =>
  Object.entries(change.event.diff).map(([field, diff]) => `${FIELD_NAMES[field as keyof typeof FIELD_NAMES]}: ${shown(diff!.from)} -> ${shown(diff!.to)}`);

/** The digest email of one cycle, in plain text and HTML, with the same content in both. */
export const renderDigest = (cycle: DigestCycle, changes: readonly DigestChange[], baseUrl: string, to: string): MailMessage => {
  const urls = urlsFor(baseUrl);
  const count = changes.length;
  const intro =
    count === 0
      ? `No fact's value, effective date or re-verification date changed between ${cycle.start} and ${cycle.end}.`
      : `${count === 1 ? "One fact" : `${count} facts`} changed between ${cycle.start} and ${cycle.end} (value, effective date or re-verification date).`;
  const text = [
    `${SERVICE.name}: quarterly digest for the cycle ending ${cycle.end}`,
    ``,
    intro,
    ``,
    ...changes.flatMap((change) => [
      `* ${change.label} (${change.event.factId}), v${change.event.previousVersion} -> v${change.event.version}`,
      ...(change.impact ? [`  Impact: ${change.impact}`] : []),
      ...changeLines(change).map((line) => `  ${line}`),
      `  ${urls.factById(change.event.factId)}`,
      ``,
    ]),
    `Every change: ${urls.changelogPage}`,
    `License: ${SERVICE.licenseName} (${SERVICE.license}). Please cite each fact's canonical_url.`,
    ``,
  ].join("\n");

  const html = [
    `<!doctype html><html lang="en"><body>`,
    `<h1>${escapeHtml(SERVICE.name)}: quarterly digest for the cycle ending ${escapeHtml(cycle.end)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    count === 0 ? "" : "<ul>",
    ...changes.map(
      (change) =>
        `<li><p><a href="${escapeHtml(urls.factById(change.event.factId))}"><strong>${escapeHtml(change.label)}</strong></a> ` +
        `(<code>${escapeHtml(change.event.factId)}</code>), v${change.event.previousVersion} &rarr; v${change.event.version}</p>` +
        (change.impact ? `<p>Impact: ${escapeHtml(change.impact)}</p>` : "") +
        `<ul>${changeLines(change)
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join("")}</ul></li>`,
    ),
    count === 0 ? "" : "</ul>",
    `<p><a href="${escapeHtml(urls.changelogPage)}">Every change</a> &middot; License: <a href="${escapeHtml(SERVICE.license)}">${escapeHtml(SERVICE.licenseName)}</a></p>`,
    `</body></html>`,
  ].join("\n");

  return {
    to,
    subject: `${SERVICE.name}: quarterly digest, cycle ending ${cycle.end} (${count === 0 ? "no changes" : `${count} change${count === 1 ? "" : "s"}`})`,
    text,
    html,
  };
};
