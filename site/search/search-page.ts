// The catalog page's search and domain filter, bundled into /assets/search.js by the build (src/build/bundle-scripts.ts).
// Progressive enhancement: the page lists every fact (one table row each) without this script; the script reveals the
// form, and while a query is typed it shows the matching rows right under the box, best match first, ranked by the
// one ranking the MCP server's search_facts uses (src/lib/search-ranking.ts), with the sections between the box and
// the facts (the domains, what is upcoming) set aside until the query is cleared. The places whose name matches the
// query are listed too, each linking the page of what applies there. Its words are the page's language's: the page
// holds the messages it needs (`search.*` of the words files, in `<script id="search-words">`), which it formats with
// the same makeWords as the pages. On a translated page, a fact is also found by its label in that language.

import { isLocaleCode, localeOf } from "../../src/i18n/locales.ts";
import { makeWords, type Words } from "../../src/i18n/words.ts";
import { hasEveryWord, type RankableItem, searchMatches } from "../../src/lib/search-ranking.ts";

interface Item extends RankableItem {
  domain: string;
}

/** A place of /api/v1/places/index.json, as the search reads it. */
interface Place {
  id: string;
  name: string;
  kind: string;
}

/** At most this many places are listed under the box: a query such as "vancouver" names several. */
const MAX_PLACES = 6;

/** The page's words: its language and the messages the page rendered for this script (render-catalog-page.ts). */
const pageWords = (): Words => {
  const element = document.getElementById("search-words");
  const words = JSON.parse(element?.textContent ?? "{}") as { locale?: unknown; messages?: Record<string, string> };
  const code = typeof words.locale === "string" && isLocaleCode(words.locale) ? words.locale : "en";
  return makeWords(localeOf(code), words.messages ?? {});
};

const start = (): void => {
  const form = document.getElementById("fact-search") as HTMLFormElement | null;
  if (!form) return;
  const w = pageWords();
  const input = document.getElementById("search-query") as HTMLInputElement;
  const select = document.getElementById("search-domain") as HTMLSelectElement;
  const status = document.getElementById("search-status") as HTMLElement;
  const results = document.getElementById("search-results") as HTMLElement;
  const resultRows = document.getElementById("search-results-rows") as HTMLTableSectionElement;
  const rows = Array.from(document.querySelectorAll<HTMLTableRowElement>("tr.fact-row"));
  const sections = Array.from(document.querySelectorAll<HTMLElement>("section.domain"));
  // What stands between the box and the facts: set aside while a query is active, back when it is cleared.
  const between = Array.from(document.querySelectorAll<HTMLElement>("[data-search-aside]"));
  // Pointers to what is not a fact (the affordability index), shown when a query matches their words.
  const pointers = Array.from(form.querySelectorAll<HTMLElement>("[data-search-text]"));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const placesBox = document.getElementById("search-places") as HTMLElement | null;
  const placesList = document.getElementById("search-places-list") as HTMLUListElement | null;
  let register: Place[] = [];

  // The places whose name has every word of the query, each linking its page ("What applies in Kamloops").
  const showPlaces = (query: string): void => {
    if (placesBox === null || placesList === null) return;
    const found = query === "" ? [] : register.filter((place) => hasEveryWord(place.name.toLowerCase(), query));
    placesList.replaceChildren(
      ...found.slice(0, MAX_PLACES).map((place) => {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = (form.dataset.placePage ?? "").replace("{id}", place.id);
        link.textContent = w.text("search.place", { place: place.name });
        item.append(link, ` ${w.text("search.place-kind", { kind: place.kind.replaceAll("-", "_") })}`);
        return item;
      }),
    );
    placesBox.hidden = found.length === 0;
  };

  // Each row's place in its domain's table, kept by a marker, so it goes back there when the query is cleared.
  const places = new Map(
    rows.map((row) => {
      const marker = document.createComment(row.id);
      row.after(marker);
      return [row, marker] as const;
    }),
  );
  const putBack = (row: HTMLTableRowElement): void => {
    const marker = places.get(row)!;
    if (row.nextSibling !== marker) marker.before(row);
  };

  // Until search-index.json arrives (or if it cannot be fetched), the rows' own text is what is searched, so the box
  // works from the first keystroke and offline copies of the page still filter.
  let items: Item[] = rows.map((row) => ({
    id: row.id,
    domain: row.dataset.domain ?? "",
    label: row.querySelector("th")?.textContent ?? row.id,
    search_text: (row.textContent ?? "").toLowerCase(),
    aliases: [],
  }));

  const apply = (): void => {
    const query = input.value.trim();
    const domain = select.value;
    const inDomain = (item: { domain: string }): boolean => domain === "" || item.domain === domain;
    let shown = 0;
    if (query === "") {
      for (const row of rows) {
        putBack(row);
        row.hidden = !inDomain({ domain: row.dataset.domain ?? "" });
        if (!row.hidden) shown += 1;
      }
      for (const section of sections) section.hidden = !section.querySelector("tr.fact-row:not([hidden])");
      for (const element of between) element.hidden = false;
      results.hidden = true;
    } else {
      const order = searchMatches(items, query, domain)
        .map((item) => byId.get(item.id))
        .filter((row) => row !== undefined);
      const matched = new Set(order);
      for (const row of rows) {
        if (matched.has(row)) continue;
        putBack(row);
        row.hidden = true;
      }
      // The matching rows, best first, directly under the box.
      for (const row of order) {
        row.hidden = false;
        resultRows.append(row);
      }
      shown = order.length;
      for (const section of sections) section.hidden = true;
      for (const element of between) element.hidden = true;
      results.hidden = shown === 0;
    }
    for (const pointer of pointers)
      pointer.hidden = query === "" || !hasEveryWord(pointer.dataset.searchText ?? "", query);
    showPlaces(query);
    status.textContent =
      query === "" && domain === ""
        ? w.text("search.all", { total: rows.length })
        : shown === 0
          ? w.text("search.none")
          : w.text("search.some", { shown, total: rows.length, ranked: query === "" ? "no" : "yes" });
    form.dataset.shown = String(shown);
  };

  // Keep the query in the address so a filtered view can be bookmarked or shared.
  const remember = (): void => {
    const url = new URL(window.location.href);
    for (const [name, field] of [
      ["q", input],
      ["domain", select],
    ] as const) {
      if (field.value.trim() === "") url.searchParams.delete(name);
      else url.searchParams.set(name, field.value.trim());
    }
    window.history.replaceState(null, "", url);
  };

  // A link to /#<fact id> must land on the fact even when the current filter hides it.
  const revealTarget = (): void => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? byId.get(id) : undefined;
    if (target === undefined) return;
    if (target.hidden) {
      input.value = "";
      select.value = "";
      remember();
      apply();
    }
    target.scrollIntoView();
  };

  const params = new URLSearchParams(window.location.search);
  input.value = params.get("q") ?? "";
  const domainParam = params.get("domain") ?? "";
  if (Array.from(select.options).some((option) => option.value === domainParam)) select.value = domainParam;

  form.addEventListener("submit", (event) => event.preventDefault());
  input.addEventListener("input", () => {
    apply();
    remember();
  });
  select.addEventListener("change", () => {
    apply();
    remember();
  });
  window.addEventListener("hashchange", revealTarget);

  form.hidden = false;
  apply();
  // Revealing the form moved the facts down; put a linked fact back in view.
  if (window.location.hash) revealTarget();

  fetch(form.dataset.index ?? "", { headers: { Accept: "application/json" } })
    .then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.json() as Promise<Item[]>;
    })
    .then((index) => {
      // The index's items of the facts this page lists, in the index's order, as the MCP server ranks them; on a
      // translated page each also answers to the label the page shows, beside its English words.
      items = index
        .filter((item) => byId.has(item.id))
        .map((item) => {
          const shown = byId.get(item.id)?.querySelector("th")?.textContent?.trim() ?? "";
          return shown === "" || shown === item.label ? item : { ...item, label: `${item.label} | ${shown}` };
        });
      form.dataset.source = "index";
      apply();
    })
    .catch((error: unknown) => {
      // The page text stays the search text; say why in the console for whoever maintains the page.
      form.dataset.source = "page";
      console.warn("search falls back to the page text:", error);
    });

  if (form.dataset.places)
    fetch(form.dataset.places, { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`places: HTTP ${response.status}`);
        return response.json() as Promise<{ places: Place[] }>;
      })
      .then((index) => {
        register = index.places;
        apply();
      })
      .catch((error: unknown) => console.warn("search finds no places:", error));
};

start();
