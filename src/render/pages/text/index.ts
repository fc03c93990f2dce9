export { formatCad, formatPercent, isIsoDate, readableDate, readableDateTime, shortDate } from "../../../lib/format.ts";
export { describeKey, hasGlossaryEntry, type KeyKind } from "./describe-key.ts";
export { DOMAIN_NAMES, domainSectionId } from "./domain-names.ts";
export { type FactLinks, factLinks, withFactLinks } from "./fact-links.ts";
export { formatNumberFor, formatNumberWithUnit, formatTextFor } from "./format-scalar.ts";
export { type Html, html, trustedHtml } from "./html.ts";
export { sitePath } from "./site-path.ts";
