import { describe, expect, it } from "vitest";
import { runChecks } from "../../src/check/run-checks.ts";
import { readFactHistory, readGitLog } from "../../src/derive/fact-history.ts";
import { frozenData } from "../helpers/frozen-copy.ts";

/** The 36 ids the service started with (docs/consumers/api.md#fact-ids), in that order, by domain. */
const SPEC_IDS: Record<string, string[]> = {
  tax: [
    "bc.ptt.brackets",
    "bc.ptt.fthb_exemption",
    "bc.ptt.newly_built_exemption",
    "bc.ptt.foreign_buyer_additional",
    "bc.flipping_tax",
    "ca.anti_flipping_rule",
    "ca.capital_gains.inclusion_rate",
    "bc.svt.rates_2026",
    "cra.fhsa.contribution_room",
    "bc.tax.capital_gains_pre_interaction",
    "bc.presale.assignment_tax_treatment",
    "cra.hbp.withdrawal_limit",
  ],
  mortgage: [
    "cmhc.insurance_cap",
    "cmhc.amortization_30yr_eligibility",
    "osfi.b20.stress_test",
    "osfi.b20.renewal_no_stress_test",
  ],
  legal: [
    "bc.hbrp",
    "bc.designated_agency",
    "bc.mld_disclosure",
    "bc.alc.act_overview",
    "bc.alc.additional_residence_thresholds",
    "bc.alr.zoning_use_restrictions",
    "bc.builders_lien_act.overview",
    "bc.mls.rules_of_cooperation",
    "bc.pds",
  ],
  "foreign-buyer": ["ca.foreign_buyer_ban", "bc.foreign_buyer_specified_areas", "ca.foreign_buyer_ban.exemptions"],
  strata: [
    "bc.strata.form_b_fee",
    "bc.bill44_2022_strata",
    "bc.strata.depreciation_report_mandatory",
    "bc.tod.transit_oriented_development",
    "bc.bill44_2023_ssmuh",
  ],
  rental: ["bc.rent_cap.2026", "bc.rta.bill14_2024_personal_use_eviction", "bc.straa"],
};

const OFFICIAL_HOSTS =
  /(^|\.)(gov\.bc\.ca|bclaws\.gov\.bc\.ca|leg\.bc\.ca|canada\.ca|justice\.gc\.ca|gc\.ca|cmhc-schl\.gc\.ca|osfi-bsif\.gc\.ca|bcfsa\.ca|alc\.gov\.bc\.ca|ltsa\.ca|bccourts\.ca|vancouver\.ca|pbo-dpb\.ca)$/;
/** Industry rules with no government text: the catalog says so in their citations' notes. */
const INDUSTRY_RULES = new Set(["bc.mls.rules_of_cooperation", "bc.pds"]);

const report = await runChecks(frozenData().root, { today: frozenData().today });
const facts = new Map(report.facts.map(({ fact }) => [fact.id, fact]));

describe("the catalog in facts/", () => {
  it("passes every check", () => {
    expect(report.problems).toEqual([]);
  });

  it("holds every one of the 36 original ids of docs/consumers/api.md#fact-ids in its domain, and the rules added since", () => {
    const byDomain: Record<string, string[]> = {};
    for (const fact of facts.values()) byDomain[fact.domain] = [...(byDomain[fact.domain] ?? []), fact.id];
    for (const [domain, ids] of Object.entries(SPEC_IDS))
      expect(byDomain[domain], domain).toEqual(expect.arrayContaining(ids));
    // Rules of 2025–2026 a buyer, owner, landlord or tenant expects.
    for (const id of [
      "ca.gst.fthb_new_home_rebate",
      "ca.underused_housing_tax",
      "bc.strata.electrical_planning_report",
      "bc.home_owner_grant.threshold",
      "bc.rta.abandoned_property",
      "bc.rtb.monetary_order_publication",
    ]) {
      expect(facts.has(id), id).toBe(true);
    }
  });

  it("cites at least one primary official source per fact, and says so where a rule is industry-made or known from secondary sources only", () => {
    for (const fact of facts.values()) {
      const official = fact.citations.filter((citation) => OFFICIAL_HOSTS.test(new URL(citation.url).hostname));
      if (INDUSTRY_RULES.has(fact.id))
        expect(
          fact.citations.some((citation) =>
            /industry|not government|no statute|not a government/i.test(citation.notes ?? ""),
          ),
          fact.id,
        ).toBe(true);
      else if (fact.citations.every((citation) => citation.kind === "secondary"))
        // A rule no official text of which could be read (an announcement known only from its reporting) says so in
        // its description, and its page says it rests on secondary sources (tests/render/page-words.test.ts).
        expect(fact.description, fact.id).toMatch(/secondary sources/i);
      else expect(official.length, fact.id).toBeGreaterThan(0);
    }
  });

  it("states rates as fractions and uses the bracket shape of docs/consumers/api.md#values-and-units for the transfer tax", () => {
    const brackets = facts.get("bc.ptt.brackets")!;
    expect(brackets.unit).toBe("CAD-bracket-array");
    const tax = (price: number) => {
      let owed = 0;
      let lower = 0;
      for (const { upper, rate } of brackets.value as { upper: number | null; rate: number }[]) {
        owed += (Math.min(price, upper ?? Infinity) - lower) * rate;
        if (upper === null || price <= upper) break;
        lower = upper;
      }
      return Math.round(owed);
    };
    // The Ministry of Finance's own worked examples.
    expect(tax(650_000)).toBe(11_000);
    expect(tax(4_500_000)).toBe(143_000);
    expect((facts.get("bc.rent_cap.2026")!.value as { max_increase_rate: number }).max_increase_rate).toBe(0.023);
  });
});

describe("the catalog's history in git", () => {
  it("records at least 11 revisions, each version in its own commit that touches only that fact", async () => {
    const history = await readFactHistory(frozenData().root);
    const changesBySha = new Map(
      (await readGitLog(frozenData().root, "HEAD", "facts")).map((commit) => [commit.sha, commit.changes]),
    );
    const revised = [...history.facts.values()].filter((timeline) => timeline.versions.length >= 2);
    expect(revised.length).toBeGreaterThanOrEqual(11);
    for (const timeline of revised) {
      expect(
        timeline.versions.map((version) => version.version),
        timeline.id,
      ).toEqual(timeline.versions.map((_, index) => index + 1));
      for (const version of timeline.versions.slice(1)) {
        expect(
          changesBySha.get(version.introduced.sha)!.map((change) => change.path),
          timeline.id,
        ).toEqual([version.path]);
        // The subject names the fact and its version (CONTRIBUTING.md, "Revising a fact, or editing it"); it is never published, so
        // what follows is the contributor's (a new rule's date, or the word correction).
        expect(version.introduced.message, timeline.id).toMatch(
          new RegExp(`^${timeline.id.replaceAll(".", "\\.")} v${version.version}: .+\\n`),
        );
        expect(version.introduced.message).toMatch(/^Source: .+/m);
        expect(version.introduced.message).toMatch(/^Impact: .+/m);
      }
    }
  });

  it("records what is known to come: the ban's repeal on 2027-01-01 as enacted, the 2027 SVT rate as announced, each with a quoted source", () => {
    const ban = facts.get("ca.foreign_buyer_ban")!;
    expect(ban.scheduled?.map(({ effective_iso, status }) => ({ effective_iso, status }))).toEqual([
      { effective_iso: "2027-01-01", status: "enacted" },
    ]);
    expect(ban.scheduled![0]!.value).toMatchObject({ status: "repealed", repealed_iso: "2027-01-01" });
    expect(ban.scheduled![0]!.note).toContain("an extension enacted before then would replace this entry");
    expect(facts.get("ca.foreign_buyer_ban.exemptions")!.scheduled?.[0]).toMatchObject({
      effective_iso: "2027-01-01",
      status: "enacted",
    });
    const svt = facts.get("bc.svt.rates_2026")!;
    expect(svt.scheduled?.[0]).toMatchObject({
      effective_iso: "2027-01-01",
      status: "announced",
      value: { rate_foreign_owners_and_untaxed_worldwide_earners: 0.04 },
    });
    for (const fact of facts.values()) {
      for (const change of fact.scheduled ?? [])
        expect(
          change.citations.some((citation) => citation.quote !== undefined),
          fact.id,
        ).toBe(true);
    }
  });

  it("states the kind of every citation", () => {
    for (const fact of facts.values()) {
      for (const citation of [...fact.citations, ...(fact.scheduled ?? []).flatMap((change) => change.citations)])
        expect(citation.kind, `${fact.id} ${citation.url}`).toBeDefined();
    }
  });
});
