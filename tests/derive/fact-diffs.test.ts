import { describe, expect, it } from "vitest";
import { diffIndex, factDiffs, historyEntries, valueDiff } from "../../src/derive/fact-diffs.ts";
import { readFactHistory } from "../../src/derive/fact-history.ts";
import { urlsFor } from "../../src/lib/config.ts";
import { fromJsonPointer } from "../../src/lib/text.ts";
import { DiffIndex, FactDiff, HistoryEntry } from "../../src/schemas/index.ts";
import { createGitRepo } from "../helpers/git-repo.ts";

const urls = urlsFor("https://facts.example.org");

/** Applies a value_diff to the old value; a correct diff must reproduce the new value exactly. */
const applyDiff = (before: unknown, diff: ReturnType<typeof valueDiff>): unknown => {
  const root = structuredClone({ value: before }) as Record<string, unknown>;
  const parentOf = (pointer: string) => {
    const path = ["value", ...fromJsonPointer(pointer)];
    const key = path.pop()!;
    // biome-ignore lint/suspicious/noExplicitAny: a diff may point anywhere inside an arbitrary JSON value.
    const parent = path.reduce<any>((node, segment) => node[segment], root);
    return { parent, key };
  };
  for (const { pointer, to } of diff.changed_keys) {
    const { parent, key } = parentOf(pointer);
    parent[key] = structuredClone(to);
  }
  for (const { pointer } of [...diff.removed_keys].reverse()) {
    const { parent, key } = parentOf(pointer);
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  }
  for (const { pointer, value } of diff.added_keys) {
    const { parent, key } = parentOf(pointer);
    parent[key] = structuredClone(value);
  }
  return root.value;
};

describe("value_diff", () => {
  it("uses JSON Pointers, so dotted and slashed keys round-trip unambiguously", () => {
    const before = { "a.b": 1, a: { b: 2 }, "x/y": { "~t": "old" }, list: [1, 2], gone: true };
    const after = { "a.b": 10, a: { b: 2, c: null }, "x/y": { "~t": "new" }, list: [1, 2, 3] };
    const diff = valueDiff(before, after);
    expect(diff).toEqual({
      added_keys: [
        { pointer: "/a/c", value: null },
        { pointer: "/list/2", value: 3 },
      ],
      removed_keys: [{ pointer: "/gone", value: true }],
      changed_keys: [
        { pointer: "/a.b", from: 1, to: 10 },
        { pointer: "/x~1y/~0t", from: "old", to: "new" },
      ],
    });
    expect(applyDiff(before, diff)).toEqual(after);
  });

  it("reports a scalar value change at the empty pointer and a null bound becoming a number as a change", () => {
    expect(valueDiff(0.035, 0.03)).toEqual({
      added_keys: [],
      removed_keys: [],
      changed_keys: [{ pointer: "", from: 0.035, to: 0.03 }],
    });
    const before = [
      { upper: 200000, rate: 0.01 },
      { upper: null, rate: 0.02 },
    ];
    const after = [
      { upper: 200000, rate: 0.01 },
      { upper: 2000000, rate: 0.02 },
      { upper: null, rate: 0.03 },
    ];
    const diff = valueDiff(before, after);
    expect(diff.changed_keys).toEqual([{ pointer: "/1/upper", from: null, to: 2000000 }]);
    expect(diff.added_keys).toEqual([{ pointer: "/2", value: { upper: null, rate: 0.03 } }]);
    expect(applyDiff(before, diff)).toEqual(after);
  });
});

describe("history and diffs derived from git", () => {
  it("builds history entries, consecutive and cumulative diffs, and a newest-first index", async () => {
    const repo = await createGitRepo();
    const id = "bc.svt.rates_2026";
    const seed = { id, cadence: "volatile" as const, unit: "object" };
    await repo.writeFact({ ...seed, value: { "rate.foreign": 0.02, citizens: 0.005 }, effective_iso: "2019-01-01" });
    await repo.commit(`${id} v1: 2% / 0.5% (effective 2019-01-01)`);
    await repo.writeFact({
      ...seed,
      version: 2,
      value: { "rate.foreign": 0.03, citizens: 0.01 },
      effective_iso: "2026-01-01",
    });
    await repo.commit(`${id} v2: 3% / 1% (effective 2026-01-01)\n\nImpact: owners of vacant homes pay more.`);
    await repo.writeFact({
      ...seed,
      version: 3,
      value: { "rate.foreign": 0.03, citizens: 0.01, credit: 4000 },
      effective_iso: "2026-06-01",
      retrieved_iso: "2026-11-15",
    });
    await repo.commit(`${id} v3: resident credit recorded (effective 2026-06-01)`);

    const timeline = (await readFactHistory(repo.root)).facts.get(id)!;
    const history = historyEntries(timeline.versions);
    expect(history.map((entry) => [entry.version, entry.effective_iso, entry.superseded_iso])).toEqual([
      [2, "2026-01-01", "2026-06-01"],
      [1, "2019-01-01", "2026-01-01"],
    ]);
    expect(history[0]!.note).toBe("owners of vacant homes pay more.");
    for (const entry of history) expect(HistoryEntry.parse(entry)).toEqual(entry);

    const diffs = factDiffs(timeline, urls);
    expect(diffs.map((diff) => `v${diff.from}-to-v${diff.to}`)).toEqual(["v1-to-v2", "v2-to-v3", "v1-to-v3"]);
    for (const diff of diffs) expect(() => FactDiff.parse(diff)).not.toThrow();
    const [first, second, cumulative] = diffs;
    expect(first!.value_diff.changed_keys).toEqual([
      { pointer: "/citizens", from: 0.005, to: 0.01 },
      { pointer: "/rate.foreign", from: 0.02, to: 0.03 },
    ]);
    expect(first!.field_diff).toEqual({ effective_iso: { from: "2019-01-01", to: "2026-01-01" } });
    expect(second!.field_diff).toEqual({
      effective_iso: { from: "2026-01-01", to: "2026-06-01" },
      expires_iso: { from: "2027-01-30", to: "2027-02-13" },
    });
    expect(second!.value_diff.added_keys).toEqual([{ pointer: "/credit", value: 4000 }]);
    // Each side's commit carries the version's public note, never the commit message or its subject line.
    expect(first!.before.commit).toEqual({
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      committed_at: expect.any(String),
      note: "First published as version 1.",
    });
    expect(first!.after.commit.note).toBe("owners of vacant homes pay more.");
    expect(second!.after.commit.note).toBe("Revised to version 3.");
    expect(JSON.stringify(diffs)).not.toContain(`${id} v3: resident credit recorded`);
    expect(cumulative!.before.citations[0]!.retrieved_iso).toBe("2026-11-01");
    expect(cumulative!.after.citations[0]!.retrieved_iso).toBe("2026-11-15");
    expect(cumulative!.canonical_url).toBe(`https://facts.example.org/api/v1/facts/diff/${id}/v1-to-v3.json`);

    const index = diffIndex(diffs, urls, undefined);
    expect(DiffIndex.parse(index)).toEqual(index);
    expect(index.count).toBe(3);
    expect(index.diffs.map((entry) => [entry.from, entry.to])).toEqual([
      [2, 3],
      [1, 3],
      [1, 2],
    ]);
    expect(index.diffs[2]!.summary).toBe("owners of vacant homes pay more.");
    // v3's commit has no Impact: line: its note says only that the fact was revised, never the commit's subject.
    expect(index.diffs[0]!.summary).toBe("Revised to version 3.");
    expect(cumulative!.summary).toBe(
      "All changes from v1 to v3: owners of vacant homes pay more; Revised to version 3",
    );
  });

  it("gives a never-revised fact an empty history and no diffs", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.hbrp", domain: "legal" });
    await repo.commit("bc.hbrp v1");
    await repo.writeFact({ id: "bc.hbrp", domain: "legal", retrieved_iso: "2026-11-20" });
    await repo.commit("re-verify bc.hbrp");
    const timeline = (await readFactHistory(repo.root)).facts.get("bc.hbrp")!;
    expect(historyEntries(timeline.versions)).toEqual([]);
    expect(factDiffs(timeline, urls)).toEqual([]);
  });
});
