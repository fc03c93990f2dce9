/** How a value is read, from the name of the key that holds it (the catalog's naming convention, see CONTRIBUTING.md). */
export type KeyKind = "date" | "money" | "rate" | "year" | "measure" | "plain";

export interface KeyDescription {
  /** The key as words for people: "max_increase_rate" is "Max increase rate". */
  label: string;
  kind: KeyKind;
  /** For a measure: the unit, singular and plural ("day", "days"). */
  unit?: readonly [string, string];
}

/** Unit suffixes moved from the label to the value: "holdback_period_days: 55" reads "Holdback period: 55 days". */
const MEASURES: ReadonlyArray<readonly [string, readonly [string, string]]> = [
  ["business_days", ["business day", "business days"]],
  ["days", ["day", "days"]],
  ["months", ["month", "months"]],
  ["years", ["year", "years"]],
  ["hours", ["hour", "hours"]],
  ["minutes", ["minute", "minutes"]],
  ["m2", ["m²", "m²"]],
  ["hectares", ["ha", "ha"]],
  ["ha", ["ha", "ha"]],
  ["km", ["km", "km"]],
  ["m", ["m", "m"]],
];

const WORDS: Record<string, string> = {
  agm: "AGM",
  alc: "ALC",
  alr: "ALR",
  bc: "B.C.",
  bcrea: "BCREA",
  cmhc: "CMHC",
  cra: "CRA",
  crea: "CREA",
  csa: "CSA",
  csair: "CSAIR",
  far: "FAR",
  fhsa: "FHSA",
  fmv: "FMV",
  gst: "GST",
  hbp: "HBP",
  hst: "HST",
  idrpo: "IDRPO",
  ltv: "LTV",
  m2: "m²",
  mls: "MLS",
  mqr: "MQR",
  osfi: "OSFI",
  pds: "PDS",
  ptt: "PTT",
  rrsp: "RRSP",
  rtb: "RTB",
  svt: "SVT",
  toa: "TOA",
  toas: "TOAs",
  ssmuh: "SSMUH",
  str: "STR",
  canada: "Canada",
  canadian: "Canadian",
  canadians: "Canadians",
  vancouver: "Vancouver",
};

const MONEY = /(^|_)(fee|fee_per_page|fmv|fmv_max|amount|cap|cap_exclusive|price|deduction_max)$/;
const RATE = /(^|_)(rate|share|ltv)(_|$)/;

const words = (tokens: readonly string[]): string => {
  const text = tokens.map((token) => WORDS[token] ?? token).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * Reads a key together with its value: a unit suffix moves to the value only when the value is a number (or, for
 * `_iso`, a date), so "excluded_days: [Saturdays, ...]" keeps its label "Excluded days".
 */
export const describeKey = (key: string, value: unknown): KeyDescription => {
  const tokens = key.split("_").filter(Boolean);
  const strip = (suffix: string): string[] => tokens.slice(0, tokens.length - suffix.split("_").length);
  const last = tokens.at(-1);
  if (last === "iso" && tokens.length > 1 && (typeof value === "string" || value === null)) return { label: words(strip("iso")), kind: "date" };
  if (typeof value !== "number") return { label: words(tokens), kind: "plain" };
  if (last === "cad" && tokens.length > 1) return { label: words(strip("cad")), kind: "money" };
  if (MONEY.test(key)) return { label: words(tokens), kind: "money" };
  // Rates are fractions (0.01 is 1%); a number above 1 under a rate-like key is a count, such as "full_rate_max_days_held".
  if ((RATE.test(key) || /_threshold$/.test(key)) && value >= 0 && value <= 1) return { label: words(tokens), kind: "rate" };
  if (/(^|_)year$/.test(key)) return { label: words(tokens), kind: "year" };
  for (const [suffix, unit] of MEASURES) {
    const rest = strip(suffix);
    // "max_increases_per_12_months" keeps its words: the unit belongs to the 12, not to the value.
    if (key.endsWith(`_${suffix}`) && rest.length > 0 && !/^\d+$/.test(rest.at(-1)!) && rest.at(-1) !== "per") {
      return { label: words(rest), kind: "measure", unit };
    }
  }
  return { label: words(tokens), kind: "plain" };
};
