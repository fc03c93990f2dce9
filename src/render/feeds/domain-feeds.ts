/**
 * The rule changes of one domain: `/api/v1/facts/{domain}.atom` and `/api/v1/facts/{domain}.ics`, the entries and
 * events of changes.atom and changes.ics whose fact is of that domain, for a reader who follows only tax or only
 * rental rules.
 */
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE } from "../../lib/config.ts";
import { DOMAINS, type Domain } from "../../schemas/index.ts";
import { newestChangeOf, type SiteFiles, type SiteModel } from "../site-model.ts";
import { DOMAIN_NAMES, domainSectionId } from "../text.ts";
import { ruleChanges } from "./fact-feeds.ts";
import { atomFeed, calendarText, tagUri } from "./feed-formats.ts";
import { UPCOMING_WINDOW_DAYS } from "./upcoming.ts";

const FACTS_FOLDER = SITE_PATHS.catalog.slice(0, SITE_PATHS.catalog.lastIndexOf("/") + 1);

/**
 * What a domain's name may be: lowercase words joined by hyphens, never a dot. A fact id always has a dot (FactId), so
 * a domain is never a fact id, and `{domain}.atom` never reads as a fact's file; the name before the extension is the
 * whole domain.
 */
export const DOMAIN_NAME = /^[a-z]+(?:-[a-z]+)*$/;

/** The endpoints named by a domain: its bundle and its two feeds. */
const DOMAIN_PATHS = new Set<string>(["domainBundle", "domainFeed", "domainCalendar"]);

/**
 * The names taken directly under `/api/v1/facts/` by every other endpoint of SITE_PATHS: each file's name before its
 * first dot (`changes` for changes.atom, `manifest` for manifest.json.sig) and each folder's (`by-id`, `badges`...).
 * A path template is read with a placeholder for each of its parameters.
 */
export const takenFactsNames = (): Set<string> => {
  const paths = Object.entries(SITE_PATHS).flatMap(([key, path]): string[] => {
    if (DOMAIN_PATHS.has(key)) return [];
    if (typeof path === "string") return [path];
    if (typeof path === "function") return [(path as (...parts: string[]) => string)("{a}", "{b}", "{c}")];
    return [...path];
  });
  return new Set(
    paths
      .filter((path) => path.startsWith(FACTS_FOLDER) && path.length > FACTS_FOLDER.length)
      .map((path) => path.slice(FACTS_FOLDER.length).split("/")[0]!.split(".")[0]!),
  );
};

/**
 * Every domain's name, refused unless it follows DOMAIN_NAME and names no other endpoint under `/api/v1/facts/`, so
 * `{domain}.json`, `.atom` and `.ics` never stand where another file does (a domain `changes` would write its feed over
 * changes.atom). Throws naming the domain and the rule it breaks.
 */
export const checkDomainNames = (domains: readonly string[], taken = takenFactsNames()): void => {
  for (const domain of domains) {
    if (!DOMAIN_NAME.test(domain))
      throw new Error(
        `domain "${domain}": a domain is lowercase words joined by hyphens, without a dot (fact ids have one), so its feeds at ${SITE_PATHS.domainFeed(domain)} and ${SITE_PATHS.domainCalendar(domain)} cannot be taken for a fact's`,
      );
    if (taken.has(domain))
      throw new Error(
        `domain "${domain}": ${FACTS_FOLDER}${domain}.* already names another endpoint; its feeds would stand where that endpoint's files do`,
      );
  }
};

/**
 * `/api/v1/facts/{domain}.atom` and `.ics` for every domain, facts or none: the entries and events of changes.atom and
 * changes.ics (fact-feeds.ts) of that domain's facts, with the same ids and UIDs, so the six feeds together carry
 * exactly the global ones. A domain with nothing dated has an empty feed and calendar, which a reader can still follow.
 */
export const renderDomainFeeds = (model: SiteModel): SiteFiles => {
  checkDomainNames(DOMAINS);
  const { events, entries } = ruleChanges(model);
  const files: SiteFiles = new Map();
  for (const domain of DOMAINS) {
    const name = DOMAIN_NAMES[domain as Domain];
    files.set(
      SITE_PATHS.domainFeed(domain),
      atomFeed({
        id: tagUri(`changes:${domain}`),
        title: `${SERVICE.name}: ${name} rule changes`,
        subtitle: `${name} rules: each revision when it is published, and the scheduled changes and expected announcements within ${UPCOMING_WINDOW_DAYS} days of ${model.today}.`,
        self: model.urls.domainFeed(domain),
        hub: model.websubHub,
        page: `${model.urls.catalogPage}#${domainSectionId(domain)}`,
        updated: newestChangeOf(
          model,
          model.facts.filter((fact) => fact.domain === domain).map((fact) => fact.id),
        ),
        entries: entries.filter((entry) => entry.category === domain),
      }),
    );
    files.set(
      SITE_PATHS.domainCalendar(domain),
      calendarText({
        self: model.urls.domainCalendar(domain),
        product: `changes-${domain}`,
        name: `${SERVICE.name}: ${name} rule changes`,
        description: `British Columbia real estate rules, ${name.toLowerCase()}: each revision on the day it was published, and the scheduled changes and expected announcements of the next ${UPCOMING_WINDOW_DAYS} days.`,
        events: events.filter((event) => event.category === domain),
      }),
    );
  }
  return files;
};
