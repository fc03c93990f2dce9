import type { Problem } from "../../lib/problem.ts";
import { citationLists, type LoadedFact } from "../../model/facts.ts";
import { ORGANISATIONS_FILE, type Organisations } from "../../model/reference.ts";

/** What the check says of an `org` that is no id of the registry: the id to write instead, and where to add a new one. */
export const unknownOrgMessage = (organisations: Organisations, org: string): string => {
  const named = organisations.resolve(org);
  return named !== undefined && named.id !== org
    ? `"${org}" is a name of the organisation "${named.id}" in ${ORGANISATIONS_FILE}: write its id, "${named.id}"`
    : `no organisation "${org}" in ${ORGANISATIONS_FILE}: write the id of a registered organisation (nearest id: "${organisations.nearestId(org)}"), or add the organisation to the registry`;
};

/**
 * Every citation of a fact, of its scheduled changes and its expected announcement's `where` names its organisation
 * by an id of `reference/organisations.json`, so that one organisation is named once, with one name, kind and home page.
 */
export const citationOrgProblems = (facts: readonly LoadedFact[], organisations: Organisations): Problem[] =>
  facts.flatMap(({ doc, fact }) => [
    ...citationLists(fact).flatMap(({ path, citations }) =>
      citations.flatMap((citation, index) =>
        organisations.byId(citation.org) === undefined ? [doc.problemAt([...path, index, "org"], unknownOrgMessage(organisations, citation.org))] : [],
      ),
    ),
    ...(fact.next_expected !== undefined && organisations.byId(fact.next_expected.where.org) === undefined
      ? [doc.problemAt(["next_expected", "where", "org"], unknownOrgMessage(organisations, fact.next_expected.where.org))]
      : []),
  ]);
