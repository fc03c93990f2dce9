import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { type ChangesIndex, ChangesIndex as ChangesIndexSchema } from "../../src/schemas/index.ts";
import { runPromote } from "../../src/workflows/promote.ts";
import { scheduledValueOf } from "../helpers/fact-values.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { FOREIGN_BUYER_BAN_SEED, SVT_2026_SEED } from "../helpers/scheduled-facts.ts";

const BASE = "https://facts.example.org";
const BAN = "facts/foreign-buyer/ca.foreign_buyer_ban.json";
const SVT = "facts/tax/bc.svt.rates_2026.json";

/** Builds the repository as `npm run build` does and returns the published tree. */
const build = async (repo: GitRepo, today: string) => renderSite(await buildModel(repo.root, { baseUrl: BASE, today }));

const changesOf = (files: Map<string, string | Uint8Array>): ChangesIndex =>
  ChangesIndexSchema.parse(JSON.parse(String(files.get(SITE_PATHS.changes))));

/** What a mirror does: read from the top and keep every event until the last id it processed. */
const newerThan = (index: ChangesIndex, cursor: string): ChangesIndex["events"] => {
  const at = index.events.findIndex((event) => event.id === cursor);
  if (at < 0) throw new Error(`the cursor ${cursor} is not in changes.json`);
  return index.events.slice(0, at);
};

const edit = async (
  repo: GitRepo,
  file: string,
  change: (fact: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> => repo.writeJson(file, change(await repo.readJson(file)));

describe("changes.json and changes.csv", () => {
  it("list every kind of change newest first, and after a cursor exactly what is newer", {
    timeout: LIMITS.longTest,
  }, async () => {
    const repo = await createGitRepo();
    await repo.writeFact(FOREIGN_BUYER_BAN_SEED);
    await repo.writeFact(SVT_2026_SEED);
    const added = await repo.commit("Add the foreign-buyer ban and the SVT rates");
    await edit(repo, BAN, (fact) => ({
      ...fact,
      expires_iso: "2027-02-23",
      citations: (fact.citations as Record<string, unknown>[]).map((citation) => ({
        ...citation,
        retrieved_iso: "2026-11-25",
      })),
    }));
    const reverified = await repo.commit("Re-verify the foreign-buyer ban");
    await edit(repo, BAN, (fact) => ({
      ...fact,
      label: "Federal ban on residential property purchases by non-Canadians",
    }));
    const editorial = await repo.commit("Reword the ban's label");

    const first = changesOf(await build(repo, "2026-12-01"));
    expect(first.newest_id).toBe(`${editorial}:ca.foreign_buyer_ban`);
    const cursor = first.newest_id!;

    await edit(repo, SVT, (fact) => ({
      ...fact,
      version: 3,
      value: { ...(fact.value as Record<string, unknown>), rate_foreign_owners_and_untaxed_worldwide_earners: 0.035 },
    }));
    const revision = await repo.commit(
      "bc.svt.rates_2026 v3: a new rate for foreign owners\n\nImpact: Foreign owners pay more",
    );
    const secondFiles = await build(repo, "2026-12-01");
    const second = changesOf(secondFiles);
    const fresh = newerThan(second, cursor);
    expect(fresh).toEqual([
      {
        id: `${revision}:bc.svt.rates_2026`,
        published_at: expect.any(String),
        recorded_iso: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        fact_id: "bc.svt.rates_2026",
        version: 3,
        effective_iso: "2026-01-01",
        kind: "revision",
        commit: revision,
        fact_url: `${BASE}/api/v1/facts/by-id/bc.svt.rates_2026.json`,
        page_url: `${BASE}/bc.svt.rates_2026.html`,
        diff_url: `${BASE}/api/v1/facts/diff/bc.svt.rates_2026/v2-to-v3.json`,
      },
    ]);
    // The diff it links to is published, and the events already seen are unchanged: the cursor is stable.
    expect(secondFiles.has(SITE_PATHS.diff("bc.svt.rates_2026", 2, 3))).toBe(true);
    expect(second.events.slice(1)).toEqual(first.events);

    const { superseded_by: supersededBy, ...ban } = await repo.readJson(BAN);
    await repo.writeJson(BAN, {
      ...ban,
      scheduled: [
        {
          effective_iso: "2027-01-01",
          status: "enacted",
          value: scheduledValueOf("ca.foreign_buyer_ban", { repealed_iso: "2027-01-01" }),
          unit: "object",
          citations: [
            {
              url: "https://laws-lois.justice.gc.ca/eng/acts/B-9.8595/section-237.html",
              org: "ca-justice",
              kind: "official",
              retrieved_iso: "2026-11-25",
            },
          ],
          note: "The Act is repealed on January 1, 2027",
        },
      ],
      superseded_by: supersededBy,
    });
    const scheduled = await repo.commit("Schedule the ban's repeal");
    const promotion = await runPromote(repo.root, "2027-01-01");
    expect(promotion.promoted).toHaveLength(1);
    const promoted = promotion.promoted[0]!.commit;

    const files = await build(repo, "2027-01-01");
    const last = changesOf(files);
    expect(last.events.map((event) => [event.commit, event.fact_id, event.version, event.kind])).toEqual([
      [promoted, "ca.foreign_buyer_ban", 3, "promoted"],
      [scheduled, "ca.foreign_buyer_ban", 2, "scheduled"],
      [revision, "bc.svt.rates_2026", 3, "revision"],
      [editorial, "ca.foreign_buyer_ban", 2, "editorial"],
      [reverified, "ca.foreign_buyer_ban", 2, "re-verification"],
      [added, "bc.svt.rates_2026", 2, "added"],
      [added, "ca.foreign_buyer_ban", 2, "added"],
    ]);
    expect(last.count).toBe(7);
    expect(last.events[0]!.diff_url).toBe(`${BASE}/api/v1/facts/diff/ca.foreign_buyer_ban/v2-to-v3.json`);
    expect(last.events.filter((event) => event.diff_url !== undefined).map((event) => event.kind)).toEqual([
      "promoted",
      "revision",
    ]);
    // Newest first by the commit's date, each event dated by its commit.
    const dates = last.events.map((event) => event.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Each event is dated twice: the day it was recorded, and the day the fact's state after it took effect, which
    // for the ban (in force since 2024) is years before it was recorded, and for its repeal the promotion's day.
    for (const event of last.events) expect(event.recorded_iso).toBe(event.published_at.slice(0, 10));
    expect(last.events.map((event) => [event.kind, event.effective_iso])).toEqual([
      ["promoted", "2027-01-01"],
      ["scheduled", "2024-06-20"],
      ["revision", "2026-01-01"],
      ["editorial", "2024-06-20"],
      ["re-verification", "2024-06-20"],
      ["added", "2026-01-01"],
      ["added", "2024-06-20"],
    ]);

    // The CSV holds the same events in the same order, read back by an independent RFC 4180 parser.
    const csv = String(files.get(SITE_PATHS.changesCsv));
    expect(csv).toContain("\r\n");
    const rows: Record<string, string>[] = parse(csv, { columns: true, strict: true } as never);
    // The columns it had keep their positions; the two dates, then the corrected notes, come last.
    expect(csv.slice(0, csv.indexOf("\r\n"))).toBe(
      "id,published_at,fact_id,version,kind,commit,fact_url,page_url,diff_url,effective_iso,recorded_iso,notes_corrected",
    );
    expect(rows).toEqual(
      last.events.map((event) => ({
        ...event,
        version: String(event.version),
        diff_url: event.diff_url ?? "",
        notes_corrected: event.notes_corrected?.join(";") ?? "",
      })),
    );

    const manifest = JSON.parse(String(files.get(SITE_PATHS.manifest)));
    expect(manifest.endpoints).toMatchObject({
      changes: `${BASE}${SITE_PATHS.changes}`,
      changes_csv: `${BASE}${SITE_PATHS.changesCsv}`,
    });
    expect(manifest.files.map((file: { path: string }) => file.path)).toEqual(
      expect.arrayContaining([SITE_PATHS.changes, SITE_PATHS.changesCsv]),
    );
    const openApi = JSON.parse(String(files.get(SITE_PATHS.openApi)));
    expect(Object.keys(openApi.paths)).toEqual(expect.arrayContaining([SITE_PATHS.changes, SITE_PATHS.changesCsv]));
  });
});
