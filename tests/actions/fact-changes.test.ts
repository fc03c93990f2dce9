import { describe, expect, it } from "vitest";
import { computeFactChanges, type FactOnSide } from "../../actions/pr-changes/fact-changes.ts";
import { type ExistingIssue, planReverify } from "../../actions/reverify/reverify.ts";
import { FactFile } from "../../src/schemas/index.ts";
import { type FactSeed, factJson } from "../helpers/git-repo.ts";

const side = (seed: FactSeed, file = `facts/${seed.domain ?? "tax"}/${seed.id}.json`): FactOnSide => ({
  file,
  fact: FactFile.parse(factJson(seed)),
});

describe("fact changes of a pull request", () => {
  it("tells a new fact, a deleted one, a unit change (a revision) and an identical one apart", () => {
    const changes = computeFactChanges(
      [side({ id: "bc.a", value: 1 }), side({ id: "bc.gone" }), side({ id: "bc.same" })],
      [side({ id: "bc.a", value: 1, unit: "CAD", version: 2 }), side({ id: "bc.new" }), side({ id: "bc.same" })],
    );
    expect(changes.map((change) => [change.id, change.kind, change.version])).toEqual([
      ["bc.a", "revision", { from: 1, to: 2 }],
      ["bc.new", "added", { to: 1 }],
      ["bc.gone", "deleted", { from: 1 }],
    ]);
    expect(changes[0]).toMatchObject({
      unit: { to: "CAD" },
      changed_fields: ["unit", "version"],
      value_diff: { added_keys: [], removed_keys: [], changed_keys: [] },
    });
  });

  it("calls a moved expiry with an unchanged rule a re-verification, and other edits editorial", () => {
    const changes = computeFactChanges(
      [side({ id: "bc.a", retrieved_iso: "2026-01-01" }), side({ id: "bc.b", label: "Old" })],
      [side({ id: "bc.a", retrieved_iso: "2026-03-01" }), side({ id: "bc.b", label: "New" })],
    );
    expect(changes.map((change) => [change.id, change.kind, change.changed_fields])).toEqual([
      ["bc.a", "re-verification", ["expires_iso", "citations"]],
      ["bc.b", "editorial", ["label"]],
    ]);
    expect(changes[0]!.value).toEqual({});
  });
});

describe("re-verification plan", () => {
  const issue = (factId: string) => ({
    factId,
    title: `Re-verify ${factId}`,
    body: `body of ${factId}`,
    deadLinks: [],
    quotesGone: [],
  });
  const existing = (
    number: number,
    factId: string,
    state: "open" | "closed",
    body = `body of ${factId}`,
  ): ExistingIssue => ({
    number,
    factId,
    state,
    title: `Re-verify ${factId}`,
    body,
  });

  it("keeps using one issue per fact: the open one, else the latest closed one, and leaves unknown facts' issues alone", () => {
    const plan = planReverify(
      [issue("bc.a"), issue("bc.b")],
      [{ factId: "bc.c", expiresIso: "2027-06-01", retrievedIso: "2026-12-03" }],
      [
        existing(3, "bc.a", "closed"),
        existing(9, "bc.a", "open", "old"),
        existing(4, "bc.b", "closed"),
        existing(8, "bc.b", "closed"),
        existing(5, "bc.c", "open"),
        existing(6, "bc.unknown", "open"),
      ],
      30,
    );
    expect(
      plan.map((operation) => [
        operation.kind,
        "number" in operation ? operation.number : undefined,
        operation.kind === "update" ? operation.reopen : undefined,
      ]),
    ).toEqual([
      ["update", 9, false],
      ["update", 8, true],
      ["close", 5, undefined],
    ]);
  });
});
