import { loadFactsAtRevision } from "../model/facts.ts";
import { type RunOptions, type RunSummary, runDeliveries } from "./delivery/index.ts";
import { computeEvents, type FactUpdatedEvent, resolveCommit } from "./events/index.ts";
import { type DeliveryStore, planDeliveries } from "./state/index.ts";

export interface DispatchSummary extends RunSummary {
  base: string;
  head: string;
  events: FactUpdatedEvent[];
  planned: number;
  /** Deliveries already in the state from an earlier run of the same dispatch: not created again. */
  known: number;
}

/**
 * Writes the deliveries the state does not have yet, and the events they use, once each. A change some earlier
 * dispatch already planned (over another commit range, or a run GitHub cancelled) keeps its delivery. The plan is
 * not kept: at a hundred thousand subscribers its records would stay in memory for the whole run.
 */
const storePlan = async (store: DeliveryStore, plan: ReturnType<typeof planDeliveries>): Promise<{ planned: number; known: number }> => {
  const fresh = plan.records.filter((record) => !store.get(record.id));
  const used = new Set(fresh.map((record) => record.eventKey));
  for (const stored of plan.events) if (used.has(stored.key)) await store.addEvent(stored);
  // Written together, so the journal takes them in one append.
  await Promise.all(fresh.map((record) => store.write(record)));
  return { planned: plan.records.length, known: plan.records.length - fresh.length };
};

/**
 * `webhooks dispatch`: the events between two commits, one delivery per event and subscriber written to the
 * store (those already there are left as they are), then every due attempt, staying `maxWaitMs` for early retries.
 */
export const dispatch = async (options: RunOptions & { cwd: string; base: string; head: string; baseUrl: string }): Promise<DispatchSummary> => {
  const [base, head] = await Promise.all([resolveCommit(options.cwd, options.base), resolveCommit(options.cwd, options.head)]);
  const [before, after] = await Promise.all([loadFactsAtRevision(options.cwd, base.sha), loadFactsAtRevision(options.cwd, head.sha)]);
  for (const skipped of after.skipped) options.log(`skipped at ${head.sha.slice(0, 12)}: ${skipped}`);
  const events = computeEvents(before.facts, after.facts);
  options.log(`${events.length} fact.updated event(s) between ${base.sha.slice(0, 12)} and ${head.sha.slice(0, 12)}`);
  for (const event of events) {
    options.log(`  ${event.factId} v${event.previousVersion} -> v${event.version}: ${Object.keys(event.diff).join(", ")} changed`);
  }

  const [gone, disabled] = await Promise.all([options.store.goneSubscribers(), options.store.disabledSubscribers()]);
  const active = options.subscribers.filter((subscriber) => !gone.has(subscriber.id) && !disabled.has(subscriber.id));
  const domains = new Map(after.facts.map((fact) => [fact.id, fact.domain]));
  const { planned, known } = await storePlan(
    options.store,
    planDeliveries(events, active, {
      changedAt: head.committedAt,
      baseUrl: options.baseUrl,
      createdAt: options.now(),
      domainOf: (factId) => domains.get(factId),
    }),
  );
  options.log(`${planned} delivery(ies) for ${active.length} subscriber(s); ${known} already known from an earlier run`);
  const summary = await runDeliveries(options);
  return { ...summary, base: base.sha, head: head.sha, events, planned, known };
};
