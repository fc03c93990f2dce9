import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { buildModel, writeSite } from "../../src/build/build-model.ts";
import { runChecks } from "../../src/check/run-checks.ts";
import { getFact } from "../../src/mcp/fact-tools.ts";
import { loadSiteTree } from "../../src/mcp/site-tree.ts";
import { loadFactsAtRevision } from "../../src/model/facts.ts";
import { renderSite } from "../../src/render/render-site.ts";
import {
  Badge,
  ChangesIndex,
  FactCatalog,
  Manifest,
  SingleFactResponse,
  WebhookBody,
} from "../../src/schemas/index.ts";
import { buildWebhookBody, computeEvents } from "../../src/webhooks/events.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { runCheck, runScript } from "../helpers/run-script.ts";
import { FOREIGN_BUYER_BAN_SEED, SVT_2026_SEED } from "../helpers/scheduled-facts.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startServer } from "../server/start-server.ts";

const BASE = "https://facts.example.org";
const TODAY = "2026-12-01";
const SVT_ID = "bc.svt.rates_2026";
const SVT = "facts/tax/bc.svt.rates_2026.json";
const BAN = "facts/foreign-buyer/ca.foreign_buyer_ban.json";
const REASON = "The 2026 rates are published under the speculation and vacancy tax's yearly series.";

const repoWithTwoFacts = async (): Promise<{ repo: GitRepo; base: string }> => {
  const repo = await createGitRepo();
  await repo.writeFact(FOREIGN_BUYER_BAN_SEED);
  await repo.writeFact(SVT_2026_SEED);
  return { repo, base: await repo.commit("Add the foreign-buyer ban and the SVT rates") };
};

const check = (repo: GitRepo, base: string) => runCheck(repo.root, TODAY, { base, env: { FACTS_BASE_URL: BASE } });

describe("a withdrawn fact", () => {
  it("is published as its tombstone: by-id with `withdrawn`, 410 on the local server, out of the catalog, in the manifest's withdrawn list, the change index and a webhook event", {
    timeout: LIMITS.longTest,
  }, async () => {
    const { repo, base } = await repoWithTwoFacts();
    await repo.writeJson(SVT, { ...(await repo.readJson(SVT)), withdrawn_iso: "2026-11-30", withdrawn_reason: REASON });
    expect((await runChecks(repo.root, { today: TODAY, base })).problems).toEqual([]);
    const withdrawal = await repo.commit("Withdraw bc.svt.rates_2026");

    const out = path.join(await tempDir(), "_site");
    await writeSite(renderSite(await buildModel(repo.root, { baseUrl: BASE, today: TODAY })), out);
    const read = async (sitePath: string): Promise<unknown> =>
      JSON.parse(await readFile(path.join(out, sitePath), "utf8"));

    const tombstone = SingleFactResponse.parse(await read(SITE_PATHS.factById(SVT_ID)));
    expect(tombstone.withdrawn).toEqual({ withdrawn_iso: "2026-11-30", reason: REASON, superseded_by: null });
    expect(tombstone.fact).toMatchObject({ id: SVT_ID, version: 2, value: SVT_2026_SEED.value });
    expect(tombstone.fact).not.toHaveProperty("withdrawn_iso");
    // The ban, still in force, has no `withdrawn`.
    expect(SingleFactResponse.parse(await read(SITE_PATHS.factById("ca.foreign_buyer_ban")))).not.toHaveProperty(
      "withdrawn",
    );

    const catalog = FactCatalog.parse(await read(SITE_PATHS.catalog));
    expect(catalog.facts.map((fact) => fact.id)).toEqual(["ca.foreign_buyer_ban"]);
    expect(catalog.fact_count).toBe(1);
    expect(FactCatalog.parse(await read(SITE_PATHS.domainBundle("tax"))).facts).toEqual([]);
    expect(JSON.stringify(await read(SITE_PATHS.llms))).not.toContain(SVT_ID);
    expect(JSON.stringify(await read(SITE_PATHS.searchIndex))).not.toContain(SVT_ID);
    expect(await readFile(path.join(out, SITE_PATHS.feed), "utf8")).not.toContain(SVT_ID);
    // No page of its own; the change log, which lists every fact ever added, links its tombstone instead.
    await expect(readFile(path.join(out, `${SVT_ID}.html`))).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(out, "index.html"), "utf8")).not.toContain(SVT_ID);
    const changelog = await readFile(path.join(out, "changelog.html"), "utf8");
    expect(changelog).toContain(`<a href="api/v1/facts/by-id/${SVT_ID}.json">`);
    // Its last version is no longer in force, and the change log says since when.
    expect(changelog).toContain(
      '<span class="status status-ended">No longer in force</span> (withdrawn <time datetime="2026-11-30">November 30, 2026</time>)',
    );

    const manifest = Manifest.parse(await read(SITE_PATHS.manifest));
    expect(manifest.withdrawn).toEqual([{ id: SVT_ID, withdrawn_iso: "2026-11-30", superseded_by: null }]);
    expect(manifest.fact_id_list).toEqual(["ca.foreign_buyer_ban"]);
    // Its badge stays published, so a page that embeds it shows the withdrawal, not a broken image or the old value.
    expect(Badge.parse(await read(SITE_PATHS.badge(SVT_ID)))).toMatchObject({
      message: "withdrawn 2026-11-30",
      color: "lightgrey",
    });
    // Nor is it in its domain's feed.
    expect(await readFile(path.join(out, SITE_PATHS.domainFeed("tax")), "utf8")).not.toContain(SVT_ID);

    const changes = ChangesIndex.parse(await read(SITE_PATHS.changes));
    expect(changes.events[0]).toEqual({
      id: `${withdrawal}:${SVT_ID}`,
      published_at: expect.any(String),
      recorded_iso: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      fact_id: SVT_ID,
      version: 2,
      effective_iso: SVT_2026_SEED.effective_iso,
      kind: "withdrawn",
      commit: withdrawal,
      fact_url: `${BASE}${SITE_PATHS.factById(SVT_ID)}`,
    });

    const { origin } = await startServer(out);
    const gone = await fetch(`${origin}${SITE_PATHS.factById(SVT_ID)}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await gone.json()).toEqual(await read(SITE_PATHS.factById(SVT_ID)));
    expect((await fetch(`${origin}${SITE_PATHS.factById("ca.foreign_buyer_ban")}`)).status).toBe(200);
    const unknown = await fetch(`${origin}${SITE_PATHS.factById("bc.no_such_fact")}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { known_ids: string[] }).known_ids).toEqual(["ca.foreign_buyer_ban"]);

    // The MCP server reads the same tree: the fact is withdrawn, not unknown, and the ban is still answered.
    const tree = await loadSiteTree(out);
    expect(await getFact(tree, SVT_ID)).toEqual({
      invalid: `${SVT_ID} was withdrawn on 2026-11-30 and is no longer in force; no fact replaces it`,
    });
    expect(await getFact(tree, "ca.foreign_buyer_ban")).toHaveProperty("structured.id", "ca.foreign_buyer_ban");

    // The webhook dispatch compares the two commits: one fact.updated that carries the withdrawal.
    const [before, after] = await Promise.all([
      loadFactsAtRevision(repo.root, base),
      loadFactsAtRevision(repo.root, withdrawal),
    ]);
    const events = computeEvents(before.facts, after.facts);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      factId: SVT_ID,
      version: 2,
      previousVersion: 2,
      current: { withdrawn: { withdrawn_iso: "2026-11-30", reason: REASON, superseded_by: null } },
      diff: { withdrawn_iso: { from: null, to: "2026-11-30" } },
    });
    expect(events[0]!.previous).not.toHaveProperty("withdrawn");
    const body = buildWebhookBody(events[0]!, {
      baseUrl: BASE,
      changedAt: "2026-01-01T00:01:00Z",
      sentAt: new Date("2026-12-01T00:00:00Z"),
    });
    expect(WebhookBody.safeParse(body).success).toBe(true);

    // A withdrawn fact is never due: when both have lapsed, the freshness gate names the ban alone.
    const freshness = await runScript("src/cli/freshness.ts", ["--root", repo.root], {
      env: { FACTS_TODAY: "2027-06-01" },
    });
    expect(freshness.code).toBe(1);
    expect(freshness.stdout).toContain("ca.foreign_buyer_ban expired");
    expect(freshness.stdout).not.toContain(SVT_ID);
    expect(freshness.stdout).toContain("1 of 1 facts are past expires_iso on 2027-06-01");

    // A tombstone never becomes a live fact again: its id is never reused.
    const { withdrawn_iso: _date, withdrawn_reason: _reason, ...revived } = await repo.readJson(SVT);
    await repo.writeJson(SVT, revived);
    const reuse = await check(repo, withdrawal);
    expect(reuse.code).toBe(1);
    expect(reuse.stdout + reuse.stderr).toContain(
      `${SVT}:2:3: fact "${SVT_ID}" was withdrawn on 2026-11-30; a withdrawn fact stays withdrawn and its id is never reused: publish the rule under a new id (at /id) [version-rules]`,
    );
  });

  it("is refused when its file is deleted without a tombstone, naming the file", { timeout: LIMITS.test }, async () => {
    const { repo, base } = await repoWithTwoFacts();
    await repo.remove(BAN);
    const result = await check(repo, base);
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toContain(
      `${BAN}:1:1: fact "ca.foreign_buyer_ban" (v2 on ${base}) was deleted; facts are never deleted`,
    );
  });

  it("states both its date and its reason, not in the future, with nothing scheduled", {
    timeout: LIMITS.test,
  }, async () => {
    const { repo, base } = await repoWithTwoFacts();
    await repo.writeJson(SVT, { ...(await repo.readJson(SVT)), withdrawn_iso: "2026-12-02" });
    const messages = (await runChecks(repo.root, { today: TODAY, base })).problems.map(
      (problem) => `${problem.pointer} ${problem.message}`,
    );
    expect(messages).toEqual([
      "/withdrawn_iso withdrawn_iso 2026-12-02 is in the future (today is 2026-12-01)",
      "/withdrawn_iso withdrawn_iso without withdrawn_reason: say why the fact was withdrawn",
    ]);
  });
});
