import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempDir } from "../helpers/temp-dir.ts";

export const FIXTURE_IDS = ["bc.ptt.brackets", "bc.rent_cap.2026", "cmhc.insurance_cap"];

/** Written just outside the served folder: no request may ever return it. */
export const SECRET = "TOP-SECRET-do-not-serve-4f1c2a";

const fact = (id: string) => ({
  name: "BC Real Estate Facts",
  version: "v1",
  license: "https://creativecommons.org/licenses/by/4.0/",
  canonical_url: `http://localhost:8080/api/v1/facts/by-id/${id}.json`,
  fact: {
    id,
    label: `Label of ${id}`,
    description: `A rule about ${id}. `.repeat(40),
    value: [
      { upper: 200000, rate: 0.01 },
      { upper: null, rate: 0.02 },
    ],
  },
});

/**
 * A small built tree in the shape `npm run build` writes (docs/consumers/api.md#endpoints), inside a temporary folder
 * that also holds a secret file beside it. Returns the served folder.
 */
export const writeSiteFixture = async (): Promise<{ root: string; outside: string }> => {
  const outside = await tempDir();
  const root = path.join(outside, "site");
  const files: Record<string, string | Buffer> = {
    "index.html": "<!doctype html><html lang=en><title>BC Real Estate Facts</title><h1>Facts</h1></html>\n",
    "llms.txt": "# BC Real Estate Facts\n\n> Verified facts about BC real estate.\n",
    "api/v1/facts/index.json": JSON.stringify(
      {
        name: "BC Real Estate Facts",
        version: "v1",
        fact_count: FIXTURE_IDS.length,
        facts: FIXTURE_IDS.map((id) => fact(id).fact),
      },
      null,
      2,
    ),
    "api/v1/facts/tax.json": JSON.stringify(
      { name: "BC Real Estate Facts", version: "v1", fact_count: 1, facts: [fact("bc.ptt.brackets").fact] },
      null,
      2,
    ),
    "api/v1/facts/llms.json": JSON.stringify({ intended_for: "language models", facts: [] }),
    "api/v1/facts/feed.xml": `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>BC Real Estate Facts</title>${"<item><title>x</title></item>".repeat(30)}</channel></rss>\n`,
    ".well-known/openapi.json": JSON.stringify(
      { openapi: "3.1.0", info: { title: "BC Real Estate Facts", version: "1.0.0" }, paths: {} },
      null,
      2,
    ),
    ".well-known/api-catalog": JSON.stringify(
      {
        linkset: [
          {
            anchor: "http://localhost:8080/api/v1/",
            "service-desc": [{ href: "http://localhost:8080/.well-known/openapi.json", type: "application/json" }],
          },
        ],
      },
      null,
      2,
    ),
    ".well-known/security.txt": "Contact: mailto:facts@bc-real-estate-facts.org\nExpires: 2027-01-01T00:00:00Z\n",
    "api/v1/affordability-index/latest.json": JSON.stringify({
      formula: "medianIncome / annualCarryingCost * 100",
      latest: null,
      publication_status: "pre-publication",
      license: "CC BY 4.0",
    }),
    "docs/index.html": "<!doctype html><title>Docs</title>\n",
    "logo.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${'<rect width="1" height="1"/>'.repeat(20)}</svg>\n`,
    "pixel.png": Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
    _headers: "/*\n  Access-Control-Allow-Origin: *\n",
    ".nojekyll": "",
  };
  for (const id of FIXTURE_IDS) files[`api/v1/facts/by-id/${id}.json`] = JSON.stringify(fact(id), null, 2);
  for (const [relative, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), content);
  }
  await writeFile(path.join(outside, "secret.txt"), SECRET);
  await writeFile(path.join(outside, "site-secret.txt"), SECRET);
  return { root, outside };
};
