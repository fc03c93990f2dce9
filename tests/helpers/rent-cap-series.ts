import { factValue } from "./fact-values.ts";
import { createGitRepo, factJson, type GitRepo } from "./git-repo.ts";

/** The name of the yearly series the helpers below build. */
export const SERIES = "bc.rent_cap";

/** A rent-cap year as a contributor writes it: `series` after `domain`, in the order FACT_FILE_KEYS gives. */
export const capYear = (
  year: number,
  options: { rate: number; retrieved: string; supersededBy?: { id: string | null; effective_iso: string } | null },
) => {
  const { domain, value, ...rest } = factJson({
    id: `bc.rent_cap.${year}`,
    domain: "rental",
    label: `Rent cap ${year}`,
    effective_iso: `${year}-01-01`,
    retrieved_iso: options.retrieved,
    // The project's rent cap with this year's figures: every year of the series takes the series' value schema.
    value: factValue("bc.rent_cap.2026", {
      rent_year: year,
      max_increase_rate: options.rate,
      applies_to_increases_effective_from_iso: `${year}-01-01`,
      announced_iso: `${year - 1}-08-26`,
    }),
  });
  const { id, label, description, ...after } = rest;
  return {
    id,
    label,
    description,
    domain,
    series: SERIES,
    value,
    ...after,
    superseded_by: options.supersededBy ?? null,
  };
};

/**
 * A fact of another kind beside the series, with its real value: the id the series tests point a wrong hand-over at.
 */
export const OTHER_ID = "bc.flipping_tax";

/** A repository with the 2026 cap only, as the data stands before the 2027 cap takes effect. */
export const before2027 = async (): Promise<GitRepo> => {
  const repo = await createGitRepo();
  await repo.writeJson(`facts/tax/${OTHER_ID}.json`, factJson({ id: OTHER_ID, value: factValue(OTHER_ID) }));
  await repo.writeJson("facts/rental/bc.rent_cap.2026.json", capYear(2026, { rate: 0.023, retrieved: "2026-11-01" }));
  await repo.commit("bc.rent_cap.2026 v1\n\nImpact: The 2026 cap.");
  return repo;
};

/** The roll-over CONTRIBUTING.md describes: the 2027 fact joins the series and the 2026 one hands over to it. */
export const rollOver = async (repo: GitRepo): Promise<void> => {
  await repo.writeJson("facts/rental/bc.rent_cap.2027.json", capYear(2027, { rate: 0.02, retrieved: "2027-01-05" }));
  await repo.writeJson(
    "facts/rental/bc.rent_cap.2026.json",
    capYear(2026, {
      rate: 0.023,
      retrieved: "2026-11-01",
      supersededBy: { id: "bc.rent_cap.2027", effective_iso: "2027-01-01" },
    }),
  );
  await repo.commit("bc.rent_cap.2027 v1\n\nImpact: The 2027 cap.");
};
