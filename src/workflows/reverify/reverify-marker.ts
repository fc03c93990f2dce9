/** The hidden marker that ties a re-verification issue to its fact, so each run finds and updates the same issue. */
export const reverifyMarker = (factId: string): string => `<!-- facts-reverify:${factId} -->`;

const MARKER = /<!-- facts-reverify:([a-z0-9_.]+) -->/;

/** The fact id an issue body is about, or undefined when it carries no marker. */
export const factIdOfIssueBody = (body: string | null | undefined): string | undefined => MARKER.exec(body ?? "")?.[1];
