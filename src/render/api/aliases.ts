/** Abbreviations used in fact ids and by buyers, with the words people search for. */
export const GLOSSARY: Record<string, string[]> = {
  ptt: ["property transfer tax", "land transfer tax"],
  fthb: ["first-time home buyer", "first time buyer"],
  svt: ["speculation and vacancy tax", "spec tax", "vacancy tax"],
  fhsa: ["first home savings account"],
  hbp: ["home buyers' plan", "rrsp withdrawal"],
  cra: ["canada revenue agency"],
  cmhc: ["canada mortgage and housing corporation", "mortgage insurance", "mortgage default insurance"],
  osfi: ["office of the superintendent of financial institutions"],
  b20: ["guideline b-20", "stress test", "minimum qualifying rate", "mqr"],
  hbrp: ["home buyer rescission period", "cooling-off period", "cooling off"],
  mld: ["material latent defect"],
  alc: ["agricultural land commission"],
  alr: ["agricultural land reserve", "farmland"],
  mls: ["multiple listing service"],
  pds: ["property disclosure statement"],
  tod: ["transit-oriented development", "transit oriented areas", "toa"],
  ssmuh: ["small-scale multi-unit housing", "missing middle", "fourplex", "multiplex"],
  rta: ["residential tenancy act"],
  straa: ["short-term rental accommodations act", "airbnb", "short-term rental"],
  flipping: ["flipping", "flip tax", "anti-flipping"],
  rent_cap: ["rent increase", "allowable rent increase", "rent cap"],
  foreign_buyer: ["foreign buyer", "non-resident", "non-canadian"],
  strata: ["condo", "condominium", "strata"],
  presale: ["presale", "pre-sale", "assignment"],
};

/**
 * Lowercase aliases of a fact: its id and the name of its yearly series (so a search for `bc.rent_cap` finds the year
 * in force), their parts as words, and the glossary expansions they name.
 */
export const aliasesFor = (id: string, series?: string): string[] => {
  const names = [id, ...(series === undefined ? [] : [series])].map((name) => name.toLowerCase());
  const aliases = new Set<string>(names);
  const parts = names.flatMap((name) => name.split("."));
  for (const part of parts) {
    aliases.add(part.replaceAll("_", " "));
    for (const [key, words] of Object.entries(GLOSSARY)) if (part === key || part.includes(key)) for (const word of words) aliases.add(word);
  }
  return [...aliases];
};
