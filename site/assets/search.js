// Search and domain filter for the catalog page. Progressive enhancement: the page lists every fact (one table row
// each) without this script; the script only reveals the form and hides the rows that do not match. No framework, no
// bundler.
(() => {
  "use strict";

  const form = document.getElementById("fact-search");
  if (!form) return;
  const input = document.getElementById("search-query");
  const select = document.getElementById("search-domain");
  const status = document.getElementById("search-status");
  const facts = Array.from(document.querySelectorAll("tr.fact-row"));
  const sections = Array.from(document.querySelectorAll("section.domain"));
  // Pointers to what is not a fact (the affordability index), shown when a query matches their words.
  const pointers = Array.from(form.querySelectorAll("[data-search-text]"));

  // Until search-index.json arrives (or if it cannot be fetched), the facts' own text is what is searched, so the
  // box works from the first keystroke and offline copies of the page still filter.
  const searchText = new Map(facts.map((article) => [article.id, article.textContent.toLowerCase()]));

  const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  // Every word must start a word of the fact's text: "rent" finds "rent" and "rental" but not "current".
  const matcher = (query) => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const patterns = words.map((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}`, "u"));
    return (text) => patterns.every((pattern) => pattern.test(text));
  };

  const apply = () => {
    const query = input.value.trim();
    const domain = select.value;
    const matches = matcher(query);
    let shown = 0;
    for (const article of facts) {
      const visible = (domain === "" || article.dataset.domain === domain) && matches(searchText.get(article.id) || "");
      article.hidden = !visible;
      if (visible) shown += 1;
    }
    for (const section of sections) {
      section.hidden = !section.querySelector("tr.fact-row:not([hidden])");
    }
    for (const pointer of pointers) pointer.hidden = query === "" || !matches(pointer.dataset.searchText);
    status.textContent =
      query === "" && domain === ""
        ? `Showing all ${facts.length} facts.`
        : shown === 0
          ? "No fact matches. Try fewer words or another domain."
          : `Showing ${shown} of ${facts.length} facts.`;
    form.dataset.shown = String(shown);
  };

  // Keep the query in the address so a filtered view can be bookmarked or shared.
  const remember = () => {
    const url = new URL(window.location.href);
    for (const [name, field] of [
      ["q", input],
      ["domain", select],
    ]) {
      if (field.value.trim() === "") url.searchParams.delete(name);
      else url.searchParams.set(name, field.value.trim());
    }
    window.history.replaceState(null, "", url);
  };

  // A link to /#<fact id> must land on the fact even when the current filter hides it.
  const revealTarget = () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target?.classList.contains("fact-row")) return;
    if (target.hidden) {
      input.value = "";
      select.value = "";
      remember();
      apply();
    }
    target.scrollIntoView();
  };

  const params = new URLSearchParams(window.location.search);
  input.value = params.get("q") || "";
  const domainParam = params.get("domain") || "";
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

  fetch(form.dataset.index, { headers: { Accept: "application/json" } })
    .then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.json();
    })
    .then((items) => {
      for (const item of items) {
        if (searchText.has(item.id)) searchText.set(item.id, `${item.search_text} ${item.aliases.join(" ")}`);
      }
      form.dataset.source = "index";
      apply();
    })
    .catch((error) => {
      // The page text stays the search text; say why in the console for whoever maintains the page.
      form.dataset.source = "page";
      console.warn("search falls back to the page text:", error);
    });
})();
