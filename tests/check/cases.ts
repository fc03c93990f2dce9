/** Each broken case is overlaid on the valid fixtures and must produce exactly these lines. */
export const CASES: Record<string, string[]> = {
  "bad-json": ["facts/tax/bc.ptt.brackets.json:13:3: invalid JSON: comma expected (at the document root) [json]"],
  "empty-file": ["facts/tax/bc.ptt.empty.json:1:1: invalid JSON: value expected (at the document root) [json]"],
  "invalid-utf8": ["facts/tax/bc.ptt.bytes.json:1:1: the file is not valid UTF-8 (at the document root) [json]"],
  "not-an-object": ["facts/tax/bc.ptt.list.json:1:1: expected object, found array (at the document root) [schema]"],
  "duplicate-key": ['facts/tax/bc.ptt.brackets.json:12:3: duplicate key "unit" (at /unit) [json]'],
  "missing-field": ['facts/tax/bc.ptt.brackets.json:1:1: missing required field "label" (at /label) [schema]'],
  "wrong-type": ["facts/tax/bc.ptt.brackets.json:12:3: expected number, found string (at /version) [schema]"],
  "impossible-date": [
    "facts/tax/bc.ptt.brackets.json:13:3: must be a real calendar date written YYYY-MM-DD (at /effective_iso) [schema]",
  ],
  "expiry-before-effective": [
    'facts/tax/bc.ptt.brackets.json:13:3: effective_iso 2027-06-01 is after today (2026-11-21), so this would publish a rule not yet in force as current; keep the rule in force today here and put the change under "scheduled" with its effective_iso, status, value and citations (CONTRIBUTING.md, "Scheduled changes: announced and enacted"), which promotes it on its day (at /effective_iso) [effective-not-in-future]',
    "facts/tax/bc.ptt.brackets.json:14:3: expires_iso 2027-05-20 is before effective_iso 2027-06-01 (at /expires_iso) [effective-before-expiry]",
  ],
  "wrong-cadence": [
    "facts/tax/bc.ptt.brackets.json:14:3: expires_iso 2027-02-19 should be 2027-05-20: the latest retrieved_iso 2026-11-21 plus 180 days (cadence:stable) (at /expires_iso) [cadence]",
  ],
  "missing-cadence-tag": [
    'facts/tax/bc.ptt.brackets.json:15:3: tags must state the re-verification cadence: add exactly one of "cadence:volatile", "cadence:stable" (at /tags) [cadence]',
  ],
  "future-retrieval": [
    "facts/tax/bc.ptt.brackets.json:14:3: expires_iso 2027-05-20 should be 2099-06-30: the latest retrieved_iso 2099-01-01 plus 180 days (cadence:stable) (at /expires_iso) [cadence]",
    "facts/tax/bc.ptt.brackets.json:21:7: retrieved_iso 2099-01-01 is in the future (today is 2026-11-21) (at /citations/0/retrieved_iso) [retrieved-not-in-future]",
  ],
  "non-https-citation": [
    "facts/tax/bc.ptt.brackets.json:18:7: must be an absolute https URL (at /citations/0/url) [schema]",
  ],
  "empty-citations": [
    "facts/tax/bc.ptt.brackets.json:16:3: a fact needs at least one citation (at /citations) [schema]",
  ],
  "id-file-mismatch": [
    'facts/tax/bc.ptt.rates.json:2:3: "bc.ptt.other" has no value schema: add one to src/schemas/values/<domain>.ts (CONTRIBUTING.md, "A schema for the value") (at /id) [value-schema]',
    'facts/tax/bc.ptt.rates.json:2:3: id "bc.ptt.other" does not match the file name "bc.ptt.rates.json" (expected bc.ptt.other.json) (at /id) [file-matches-id]',
  ],
  "wrong-folder": [
    'facts/legal/bc.ptt.other.json:2:3: "bc.ptt.other" has no value schema: add one to src/schemas/values/<domain>.ts (CONTRIBUTING.md, "A schema for the value") (at /id) [value-schema]',
    'facts/legal/bc.ptt.other.json:5:3: domain "tax" does not match the folder "legal" (expected facts/tax/) (at /domain) [file-matches-id]',
  ],
  "duplicate-id": [
    'facts/tax/bc.ptt.brackets.json:2:3: duplicate id "bc.ptt.brackets": already used by facts/legal/bc.ptt.brackets.json (at /id) [unique-id]',
  ],
  "unknown-domain": [
    'facts/tax/bc.ptt.brackets.json:5:3: must be one of "tax", "mortgage", "legal", "foreign-buyer", "strata", "rental", found "housing" (at /domain) [schema]',
  ],
  "bad-id-form": [
    "facts/tax/BC-PTT.json:2:3: must be a dot-namespaced id of lowercase letters, digits and underscores, e.g. bc.ptt.brackets (at /id) [schema]",
  ],
  "history-written-by-hand": ['facts/tax/bc.ptt.brackets.json:25:3: unknown field "history" (at /history) [schema]'],
  "unbounded-bracket-missing": [
    "facts/tax/bc.ptt.brackets.json:9:7: the last bracket must have upper null (unbounded) (at /value/2/upper) [value-schema]",
  ],
  "rate-as-percent": [
    "facts/tax/bc.ptt.brackets.json:9:22: must be a fraction from 0 to 1 (0.01 = 1%) (at /value/2/rate) [value-schema]",
  ],
  "keys-out-of-order": [
    'facts/tax/bc.ptt.brackets.json:3:3: keys must be in the order id, label, description, domain, series, value, unit, summary_keys, version, effective_iso, expires_iso, tags, citations, earlier, corrected_versions, note_corrections, scheduled, next_expected, superseded_by, withdrawn_iso, withdrawn_reason; "description" is out of place (at /description) [key-order]',
  ],
  "notes-too-long": [
    "facts/tax/bc.ptt.brackets.json:24:7: notes are at most 280 characters: say what the source is and how far it confirms the point (at /citations/0/notes) [notes-for-readers]",
  ],
  "notes-about-research": [
    'facts/tax/bc.ptt.brackets.json:24:7: notes are for the API\'s readers: say what the source is and how far it confirms the point, not how it was researched ("were not seen") (at /citations/0/notes) [notes-for-readers]',
  ],
  "stray-file": [
    "facts/notes.txt:1:1: only facts/<domain>/<id>.json files belong under facts/ (at the document root) [file-location]",
  ],
  "impossible-month": [
    "index-data/benchmarks/greater-vancouver.json:6:7: must be a real month written YYYY-MM (at /months/0/month) [schema]",
  ],
  "benchmark-without-source": [
    'index-data/benchmarks/greater-vancouver.json:5:5: missing required field "citation" (at /months/0/citation) [schema]',
  ],
  "summary-keys-missing": [
    'facts/rental/bc.rent_cap.2026.json:6:3: add "summary_keys" after "unit": the value keys, in order, that the one-line summary starts with, the rule itself first (the rate, fee or limit, not a statute\'s name or a date), up to 4 (at /value) [summary-keys]',
  ],
  "summary-keys-not-in-value": [
    "facts/rental/bc.rent_cap.2026.json:6:3: none of summary_keys (max_increase, year, max_increase) is a key of this value, so its summary would open with whatever key comes first: add one of its keys to summary_keys (at /value) [summary-keys]",
    'facts/rental/bc.rent_cap.2026.json:8:44: "max_increase" is listed twice (at /summary_keys/2) [summary-keys]',
  ],
};
