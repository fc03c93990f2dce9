import { SERVICE, type Urls } from "../lib/config.ts";
import { compareText } from "../lib/text.ts";
import type { DiffIndex, FactDiff } from "../schemas/index.ts";
import { SCHEMA_VERSION } from "../schemas/index.ts";

/** `/api/v1/facts/diff/index.json`: every transition, newest commit first, with a count. */
export const diffIndex = (diffs: readonly FactDiff[], urls: Urls, generatedAt: string | undefined): DiffIndex => {
  const entries = diffs
    .map((diff) => ({
      fact_id: diff.fact_id,
      from: diff.from,
      to: diff.to,
      url: diff.canonical_url,
      effective_iso: diff.after.effective_iso,
      committed_at: diff.after.commit.committed_at,
      summary: diff.summary,
    }))
    .sort(
      (a, b) =>
        Date.parse(b.committed_at) - Date.parse(a.committed_at) ||
        compareText(b.effective_iso, a.effective_iso) ||
        compareText(a.fact_id, b.fact_id) ||
        b.to - a.to ||
        b.from - a.from,
    );
  return {
    schema_version: SCHEMA_VERSION,
    name: `${SERVICE.name}: diff index`,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: urls.diffIndex,
    ...(generatedAt === undefined ? {} : { generated_at: generatedAt }),
    count: entries.length,
    diffs: entries,
  };
};
