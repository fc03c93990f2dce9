import type { LoadedFact } from "../../model/facts.ts";
import type { GitHubClient } from "./create-github-client.ts";
import type { RepositoryRef } from "./repository-from-environment.ts";

/** What the actions that keep one labelled issue per fact need: the facts, the date, the window and where to write. */
export interface FactIssueOptions {
  facts: readonly LoadedFact[];
  today: string;
  /** How many days ahead of a date an issue is raised. */
  withinDays: number;
  label: string;
  client: GitHubClient;
  repository: RepositoryRef;
  /** The name of an organisation id of `reference/organisations.json` (the id itself by default). */
  organisationName?: (org: string) => string;
}
