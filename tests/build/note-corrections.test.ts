import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo, factJson } from "../helpers/git-repo.ts";

// Corrections are visible (docs/consumers/api.md#history-and-diffs): a version's note published wrong and corrected by
// the file's note_corrections is published as corrected, with the day and the reason, the original kept, and the
// correction is an event of the change index.

const TODAY = "2026-11-21";
const BASE = "https://facts.example.org";
const ID = "bc.strata.form_b_fee";
const FILE = `facts/strata/${ID}.json`;
const SOURCE = "https://www2.gov.bc.ca/gov/content/example";
const fee = (max_fee: number) => factValue(ID, { max_fee });
const WRONG = "Buyers pay up to 0 for a Form B.";
const RIGHT = "Buyers pay up to $40 for a Form B.";
const REASON = 'The note first published read "up to 0": the shell lost "$4".';

/** Version 1, version 2 whose Impact: line lost "$4" to the shell, and version 3; then the file corrects version 2's note. */
const correctedRepository = async () => {
  const repo = await createGitRepo();
  await repo.writeFact({ id: ID, domain: "strata", value: fee(35), effective_iso: "2020-01-01" });
  await repo.commit(`${ID} v1\n\nSource: ${SOURCE}\nImpact: The fee is capped.`);
  await repo.writeFact({ id: ID, domain: "strata", value: fee(40), effective_iso: "2023-12-06", version: 2 });
  await repo.commit(`${ID} v2\n\nSource: ${SOURCE}\nImpact: ${WRONG}`);
  const v3 = { id: ID, domain: "strata", value: fee(45), effective_iso: "2024-06-01", version: 3 };
  await repo.writeFact(v3);
  await repo.commit(`${ID} v3\n\nSource: ${SOURCE}\nImpact: Buyers pay up to $45 for a Form B.`);
  const { superseded_by, ...rest } = factJson(v3);
  await repo.writeJson(FILE, {
    ...rest,
    note_corrections: [{ version: 2, note: RIGHT, reason: REASON }],
    superseded_by,
  });
  const sha = await repo.commit("Correct the note of version 2");
  const committedAt = (await repo.git("show", "-s", "--format=%cI", sha)).trim();
  return { repo, sha, correctedIso: new Date(committedAt).toISOString().slice(0, 10) };
};

describe("a corrected note is published as corrected", () => {
  it("keeps the original with the day and reason in the JSON, shows them on the fact's page, and emits an event", async () => {
    const { repo, sha, correctedIso } = await correctedRepository();
    const model = await buildModel(repo.root, { baseUrl: BASE, today: TODAY });
    const correction = { corrected_iso: correctedIso, reason: REASON, original: WRONG };

    const fact = model.facts.find((each) => each.id === ID)!;
    expect(fact.history.find((entry) => entry.version === 2)).toMatchObject({
      note: RIGHT,
      note_correction: correction,
    });
    // A note never corrected says nothing of a correction.
    expect(fact.history.find((entry) => entry.version === 1)!.note_correction).toBeUndefined();
    const diff = model.diffs.find((each) => each.fact_id === ID && each.from === 1 && each.to === 2)!;
    expect(diff.after.commit).toMatchObject({ note: RIGHT, note_correction: correction });

    expect(model.changes.find((event) => event.commit === sha)).toMatchObject({
      kind: "note-corrected",
      fact_id: ID,
      version: 3,
      notes_corrected: [2],
    });

    const files = renderSite(model);
    const page = String(files.get(SITE_PATHS.factPage(ID)));
    // The history lists version 2, then version 1: version 2's section is what lies between them.
    const entry = page.slice(page.indexOf('id="v2"'), page.indexOf('id="v1"'));
    expect(entry).toContain(`(corrected on <time datetime="${correctedIso}">`);
    expect(entry).toContain("The note first published read &quot;up to 0&quot;: the shell lost &quot;$4&quot;.");
    expect(entry).toContain(`First published as: ${WRONG}`);
    expect(entry).toContain(RIGHT);
    const changes = JSON.parse(String(files.get(SITE_PATHS.changes))) as { events: { id: string; kind: string }[] };
    expect(changes.events[0]).toMatchObject({ id: `${sha}:${ID}`, kind: "note-corrected" });
    const feed = String(files.get(SITE_PATHS.factFeed(ID)));
    expect(feed).toContain(`Note corrected on ${correctedIso}`);
  });
});
