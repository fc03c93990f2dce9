import type { Fact, FactSource } from "../../packages/client/src/index.ts";

/** A period of a fixture fact's timeline before its current version: an earlier version, or (no version) a period. */
export interface FixturePeriod {
  version?: number;
  value: unknown;
  effective_iso: string;
  superseded_iso: string;
}

/**
 * A published fact as the calculators read it, made from its value and dates alone: a calculator test states the
 * rules it computes from (as a source publishes them) instead of reading the live facts, which a correct revision
 * may change.
 */
export const fixtureFact = (
  id: string,
  value: unknown,
  effective_iso: string,
  history: readonly FixturePeriod[] = [],
): Fact =>
  ({
    id,
    label: `Fixture rule ${id}`,
    description: "A rule stated by a test.",
    domain: "tax",
    value,
    version: Math.max(0, ...history.map((entry) => entry.version ?? 0)) + 1,
    effective_iso,
    expires_iso: "9999-12-31",
    citations: [
      {
        url: "https://example.gov.bc.ca/rule",
        org: "Fixture",
        kind: "official",
        retrieved_iso: effective_iso,
      },
    ],
    history: history.map((entry) => ({ ...entry, summary: `${id} from ${entry.effective_iso}` })),
    summary: `${id} from ${effective_iso}`,
  }) as unknown as Fact;

/** A catalog of fixture facts, replacing any fact of `base` with the same id. */
export const withFacts = (base: FactSource, ...facts: Fact[]): FactSource => ({
  facts: [...base.facts.filter((fact) => !facts.some((each) => each.id === fact.id)), ...facts],
});
