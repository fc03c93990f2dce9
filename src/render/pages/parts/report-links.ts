import { DEFAULT_BRANCH } from "../../../lib/config.ts";
import type { Fact } from "../../../schemas/index.ts";
import type { SiteModel } from "../../site-model.ts";
import { type Html, html } from "../text/index.ts";

/**
 * The issue form of `.github/ISSUE_TEMPLATE/`, and the ids of its fields that the "Report an error" link fills in:
 * GitHub fills an issue form's field from the query parameter named by the field's `id`. The test of the form reads
 * the YAML and checks these ids against it.
 */
export const REPORT_ERROR_TEMPLATE = "report-error.yml";
export const REPORT_ERROR_FIELDS = { factId: "fact_id", version: "version", page: "page" } as const;

const GITHUB = "https://github.com";

/** The page where a reader picks one of the repository's issue forms. */
export const issueChooserUrl = (repository: string): string => `${GITHUB}/${repository}/issues/new/choose`;

/** A new issue from the report-error form, with the fact's id, version and page filled in and a title naming the fact. */
export const reportErrorUrl = (model: SiteModel, fact: Fact): string => {
  const query = new URLSearchParams({
    template: REPORT_ERROR_TEMPLATE,
    title: `Error in ${fact.id} (version ${fact.version})`,
    [REPORT_ERROR_FIELDS.factId]: fact.id,
    [REPORT_ERROR_FIELDS.version]: String(fact.version),
    [REPORT_ERROR_FIELDS.page]: model.urls.factPage(fact.id),
  });
  return `${GITHUB}/${model.repository}/issues/new?${query}`;
};

/**
 * GitHub's editor for the fact's file on the default branch: a reader with an account can propose the correction as
 * a pull request, which the checks then validate like any other. The path is the file the build read the fact from.
 */
export const editOnGitHubUrl = (model: SiteModel, fact: Fact): string | undefined => {
  const file = model.timelines.get(fact.id)?.path;
  return file === undefined ? undefined : `${GITHUB}/${model.repository}/edit/${DEFAULT_BRANCH}/${file.split("/").map(encodeURIComponent).join("/")}`;
};

/** The fact page's way to a correction: report the error (anyone with a GitHub account) or edit the file. */
export const renderReportLinks = (model: SiteModel, fact: Fact): Html => {
  const edit = editOnGitHubUrl(model, fact);
  return html`<section class="report" aria-labelledby="report-title">
<h2 id="report-title">Something wrong?</h2>
<p>If this fact is wrong or out of date, tell us which source shows it: the form fills in this fact, its version and this page for you.
With a GitHub account you can also propose the correction to the fact's file yourself.</p>
<ul class="report-links">
<li><a href="${reportErrorUrl(model, fact)}">Report an error in this fact</a></li>
${edit === undefined ? "" : html`<li><a href="${edit}">Edit on GitHub</a></li>`}
</ul>
</section>
`;
};
