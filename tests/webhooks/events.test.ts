import { describe, expect, it } from "vitest";
import { loadFactsAtRevision } from "../../src/model/facts.ts";
import { computeEvents, deliveryId, uuidV5 } from "../../src/webhooks/events.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { rentCapEvent } from "./helpers/fixtures.ts";

describe("fact.updated events between two commits", () => {
  it("yields one event per fact whose value, effective_iso or expires_iso changed, with previous, current and diff", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({
      id: "bc.rent_cap.2026",
      domain: "rental",
      value: { max_increase: 0.03 },
      effective_iso: "2025-01-01",
      retrieved_iso: "2026-05-01",
      cadence: "volatile",
    });
    await repo.writeFact({ id: "bc.pds", domain: "strata", value: "Form B", retrieved_iso: "2026-05-01" });
    await repo.writeFact({ id: "bc.hbrp", domain: "mortgage", value: 1, label: "Old label" });
    await repo.writeFact({ id: "bc.moved", domain: "legal", value: 7 });
    await repo.writeFact({ id: "bc.retired", value: 1 });
    const base = await repo.commit("base");

    await repo.writeFact({
      id: "bc.rent_cap.2026",
      domain: "rental",
      version: 2,
      value: { max_increase: 0.023 },
      effective_iso: "2026-01-01",
      retrieved_iso: "2026-11-10",
      cadence: "volatile",
    });
    await repo.writeFact({ id: "bc.pds", domain: "strata", value: "Form B", retrieved_iso: "2026-11-10" });
    await repo.writeFact({ id: "bc.hbrp", domain: "mortgage", value: 1, label: "New label" });
    await repo.remove("facts/legal/bc.moved.json");
    await repo.writeFact({ id: "bc.moved", domain: "strata", value: 8, version: 2 });
    await repo.remove("facts/tax/bc.retired.json");
    await repo.writeFact({ id: "bc.added", value: 1 });
    const head = await repo.commit("head");

    const [before, after] = await Promise.all([
      loadFactsAtRevision(repo.root, base),
      loadFactsAtRevision(repo.root, head),
    ]);
    const events = computeEvents(before.facts, after.facts);
    expect(events.map((event) => event.factId)).toEqual(["bc.moved", "bc.pds", "bc.rent_cap.2026"]);
    expect(events[1]).toEqual({
      factId: "bc.pds",
      version: 1,
      previousVersion: 1,
      current: { value: "Form B", expires_iso: "2027-05-09", effective_iso: "2020-01-01" },
      previous: { value: "Form B", expires_iso: "2026-10-28", effective_iso: "2020-01-01" },
      diff: { expires_iso: { from: "2026-10-28", to: "2027-05-09" } },
    });
    expect(events[2]).toMatchObject({
      version: 2,
      previousVersion: 1,
      diff: {
        value: { from: { max_increase: 0.03 }, to: { max_increase: 0.023 } },
        expires_iso: { from: "2026-07-30", to: "2027-02-08" },
        effective_iso: { from: "2025-01-01", to: "2026-01-01" },
      },
    });
    expect(Object.keys(events[2]!.diff)).toEqual(["value", "expires_iso", "effective_iso"]);
  });

  it("treats values equal up to key order as unchanged", () => {
    const fact = (value: unknown) =>
      ({ id: "bc.x", value, version: 1, effective_iso: "2020-01-01", expires_iso: "2027-01-01" }) as never;
    expect(computeEvents([fact({ a: 1, b: [1, 2] })], [fact({ b: [1, 2], a: 1 })])).toEqual([]);
    expect(computeEvents([fact({ a: 1, b: [1, 2] })], [fact({ b: [2, 1], a: 1 })])).toHaveLength(1);
  });
});

describe("delivery ids", () => {
  it("are RFC 9562 UUIDv5s (the RFC's own example), stable for one change and subscriber, distinct otherwise", () => {
    expect(uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
    const id = deliveryId("acme", rentCapEvent);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The same change, whatever else came with it (its previous values), is the same delivery.
    expect(
      deliveryId("acme", { ...rentCapEvent, previous: { ...rentCapEvent.previous, expires_iso: "2026-07-01" } }),
    ).toBe(id);
    const reverified = { ...rentCapEvent, diff: { expires_iso: { from: "2027-02-08", to: "2027-08-08" } } };
    const reverifiedAgain = { ...rentCapEvent, diff: { expires_iso: { from: "2027-08-08", to: "2028-02-08" } } };
    const others = [
      deliveryId("zenith", rentCapEvent),
      deliveryId("acme", { ...rentCapEvent, factId: "bc.hbrp" }),
      deliveryId("acme", { ...rentCapEvent, version: 3 }),
      // Two re-verifications of one version that moved the expiry to different dates are two deliveries.
      deliveryId("acme", reverified),
      deliveryId("acme", reverifiedAgain),
    ];
    expect(new Set([id, ...others]).size).toBe(6);
  });
});
