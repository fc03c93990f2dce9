import type { Promotion } from "./plan-promotions.ts";

/**
 * The commit message of a promotion, shaped like a hand-made revision so that history, the digest and the webhooks
 * read it the same way: a subject naming the fact, version, change and date, then `Source:` and `Impact:` lines.
 */
export const promotionMessage = (promotion: Promotion, today: string, organisationName: (org: string) => string = (org) => org): string => {
  const { change, after } = promotion;
  const source = change.citations.find((citation) => citation.kind === "official") ?? change.citations[0]!;
  return [
    `${promotion.factId} v${after.version}: ${change.note} (effective ${change.effective_iso})`,
    "",
    `Promoted on ${today} from the fact's scheduled changes, where it was recorded as ${change.status}.`,
    `Source: ${organisationName(source.org)}${source.title ? `, ${source.title}` : ""}, ${source.url}`,
    `Impact: ${change.impact ?? change.note}`,
    "",
  ].join("\n");
};
