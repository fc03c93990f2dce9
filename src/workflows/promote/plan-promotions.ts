import { expectedExpiry, type LoadedFact } from "../../model/index.ts";
import type { Citation, ScheduledChange } from "../../schemas/index.ts";
import { FACT_FILE_KEYS, type FactFile } from "../../schemas/index.ts";

/** An enacted change whose day has come, and the fact file as it reads once the change is in effect. */
export interface Promotion {
  factId: string;
  file: string;
  change: ScheduledChange;
  before: FactFile;
  after: FactFile;
}

/** A change that is due but cannot be promoted by a machine: announced only, or waiting behind one that is. */
export interface HeldChange {
  factId: string;
  file: string;
  change: ScheduledChange;
  reason: "announced" | "after-announced";
}

export interface PromotionPlan {
  promotions: Promotion[];
  held: HeldChange[];
}

/** The change's citations first (they state the new value), then the fact's others, so no evidence is dropped. */
const mergeCitations = (change: readonly Citation[], current: readonly Citation[]): Citation[] => {
  const urls = new Set(change.map((citation) => citation.url));
  return [...change, ...current.filter((citation) => !urls.has(citation.url))];
};

/** The fact file with its keys in the order files are written. */
const ordered = (fact: FactFile): FactFile =>
  Object.fromEntries(FACT_FILE_KEYS.filter((key) => fact[key] !== undefined).map((key) => [key, fact[key]])) as FactFile;

/** The fact as it reads once `change` is in effect: a revision, with the change's value, unit, dates and sources. */
export const applyChange = (fact: FactFile, change: ScheduledChange): FactFile => {
  const remaining = (fact.scheduled ?? []).filter((entry) => entry !== change);
  const citations = mergeCitations(change.citations, fact.citations);
  const after: FactFile = {
    ...fact,
    label: change.label ?? fact.label,
    description: change.description ?? fact.description,
    value: change.value,
    unit: change.unit,
    version: fact.version + 1,
    effective_iso: change.effective_iso,
    citations,
    scheduled: remaining.length > 0 ? remaining : undefined,
  };
  return ordered({ ...after, expires_iso: expectedExpiry(after) ?? fact.expires_iso });
};

/**
 * What `npm run promote` does on `today`: each fact's scheduled changes are taken in date order while they are due
 * (on or before today). An enacted change is promoted, one version each; an announced one is held for a person to
 * confirm, and so is every later change of that fact, since versions follow the order of their dates.
 */
export const planPromotions = (facts: readonly LoadedFact[], today: string): PromotionPlan => {
  const promotions: Promotion[] = [];
  const held: HeldChange[] = [];
  for (const { doc, fact } of facts) {
    let current = fact;
    let blocked = false;
    for (const change of fact.scheduled ?? []) {
      if (change.effective_iso > today) break;
      if (blocked || change.status === "announced") {
        held.push({ factId: fact.id, file: doc.file, change, reason: blocked ? "after-announced" : "announced" });
        blocked = true;
        continue;
      }
      const after = applyChange(current, change);
      promotions.push({ factId: fact.id, file: doc.file, change, before: current, after });
      current = after;
    }
  }
  return { promotions, held };
};
