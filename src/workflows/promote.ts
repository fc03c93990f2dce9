/**
 * Promotion of enacted scheduled changes (`npm run promote`): the plan for a day, each fact as it reads after its
 * change, the commit message, and committing each version as the bot, checked against its parent.
 */
import path from "node:path";
import { checkFactFiles, runChecks } from "../check/run-checks.ts";
import { ProblemsFound } from "../lib/errors.ts";
import { commitAsBot, runGit } from "../lib/git.ts";
import { writeFileAtomic } from "../lib/json-file.ts";
import { formatProblem } from "../lib/problem.ts";
import { expectedExpiry, type LoadedFact } from "../model/facts.ts";
import { prettyJsonText } from "../model/json-document.ts";
import { organisationNamer } from "../model/reference.ts";
import type { Citation, ScheduledChange } from "../schemas/index.ts";
import { FACT_FILE_KEYS, type FactFile } from "../schemas/index.ts";

/** An enacted change whose day has come, and the fact file as it reads once the change is in effect. */
export interface Promotion {
  factId: string;
  file: string;
  change: ScheduledChange;
  before: FactFile;
  after: FactFile;
}

/** A change that is due but cannot be promoted by a machine: announced only, or waiting behind one that is. */
export interface HeldChange {
  factId: string;
  file: string;
  change: ScheduledChange;
  reason: "announced" | "after-announced";
}

export interface PromotionPlan {
  promotions: Promotion[];
  held: HeldChange[];
}

/** The change's citations first (they state the new value), then the fact's others, so no evidence is dropped. */
const mergeCitations = (change: readonly Citation[], current: readonly Citation[]): Citation[] => {
  const urls = new Set(change.map((citation) => citation.url));
  return [...change, ...current.filter((citation) => !urls.has(citation.url))];
};

/** The fact file with its keys in the order files are written. */
const ordered = (fact: FactFile): FactFile =>
  Object.fromEntries(
    FACT_FILE_KEYS.filter((key) => fact[key] !== undefined).map((key) => [key, fact[key]]),
  ) as FactFile;

/** The fact as it reads once `change` is in effect: a revision, with the change's value, unit, dates and sources. */
export const applyChange = (fact: FactFile, change: ScheduledChange): FactFile => {
  const remaining = (fact.scheduled ?? []).filter((entry) => entry !== change);
  const citations = mergeCitations(change.citations, fact.citations);
  const after: FactFile = {
    ...fact,
    label: change.label ?? fact.label,
    description: change.description ?? fact.description,
    value: change.value,
    unit: change.unit,
    version: fact.version + 1,
    effective_iso: change.effective_iso,
    citations,
    scheduled: remaining.length > 0 ? remaining : undefined,
  };
  return ordered({ ...after, expires_iso: expectedExpiry(after) ?? fact.expires_iso });
};

/**
 * What `npm run promote` does on `today`: each fact's scheduled changes are taken in date order while they are due
 * (on or before today). An enacted change is promoted, one version each; an announced one is held for a person to
 * confirm, and so is every later change of that fact, since versions follow the order of their dates.
 */
export const planPromotions = (facts: readonly LoadedFact[], today: string): PromotionPlan => {
  const promotions: Promotion[] = [];
  const held: HeldChange[] = [];
  for (const { doc, fact } of facts) {
    let current = fact;
    let blocked = false;
    for (const change of fact.scheduled ?? []) {
      if (change.effective_iso > today) break;
      if (blocked || change.status === "announced") {
        held.push({ factId: fact.id, file: doc.file, change, reason: blocked ? "after-announced" : "announced" });
        blocked = true;
        continue;
      }
      const after = applyChange(current, change);
      promotions.push({ factId: fact.id, file: doc.file, change, before: current, after });
      current = after;
    }
  }
  return { promotions, held };
};

/**
 * The commit message of a promotion, shaped like a hand-made revision so that history, the digest and the webhooks
 * read it the same way: a subject naming the fact, version, change and date, then `Source:` and `Impact:` lines.
 */
export const promotionMessage = (
  promotion: Promotion,
  today: string,
  organisationName: (org: string) => string = (org) => org,
): string => {
  const { change, after } = promotion;
  const source = change.citations.find((citation) => citation.kind === "official") ?? change.citations[0]!;
  return [
    `${promotion.factId} v${after.version}: ${change.note} (effective ${change.effective_iso})`,
    "",
    `Promoted on ${today} from the fact's scheduled changes, where it was recorded as ${change.status}.`,
    `Source: ${organisationName(source.org)}${source.title ? `, ${source.title}` : ""}, ${source.url}`,
    `Impact: ${change.impact ?? change.note}`,
    "",
  ].join("\n");
};

export interface PromotedChange extends Promotion {
  commit: string;
}

export interface PromoteResult {
  promoted: PromotedChange[];
  held: HeldChange[];
}

const git = async (root: string, args: string[]): Promise<string> => (await runGit(root, args)).toString("utf8").trim();

/**
 * Promotes every enacted change due on `today` into its fact, one commit per version, each validated as a pull
 * request would be (`npm run check --base` its parent). If any commit fails that validation, or anything else goes
 * wrong, the branch is reset to where it started: nothing is left half-done.
 */
export const runPromote = async (
  root: string,
  today: string,
  options: { dryRun?: boolean } = {},
): Promise<PromoteResult> => {
  const loaded = await checkFactFiles(root, { today });
  if (loaded.problems.length > 0) {
    throw new ProblemsFound(
      `the data does not pass npm run check; fix it before promoting:\n${loaded.problems.map(formatProblem).join("\n")}`,
    );
  }
  const plan = planPromotions(loaded.facts, today);
  if (options.dryRun || plan.promotions.length === 0)
    return { promoted: plan.promotions.map((promotion) => ({ ...promotion, commit: "" })), held: plan.held };

  const dirty = await git(root, ["status", "--porcelain", "--untracked-files=all", "--", "facts"]);
  if (dirty !== "") throw new Error(`facts/ has uncommitted changes; promote commits on a clean tree:\n${dirty}`);
  const start = await git(root, ["rev-parse", "HEAD"]);
  const promoted: PromotedChange[] = [];
  try {
    for (const promotion of plan.promotions) {
      writeFileAtomic(path.join(root, promotion.file), prettyJsonText(promotion.after));
      const commit = await commitAsBot(
        root,
        promotionMessage(promotion, today, organisationNamer(loaded.organisations)),
        [promotion.file],
      );
      if (commit === undefined)
        throw new Error(`the promotion of ${promotion.factId} changed nothing in ${promotion.file}`);
      const report = await runChecks(root, { today, base: `${commit}~1` });
      if (report.problems.length > 0) {
        throw new ProblemsFound(
          `the promotion of ${promotion.factId} to v${promotion.after.version} does not pass npm run check --base ${commit}~1:\n${report.problems.map(formatProblem).join("\n")}`,
        );
      }
      promoted.push({ ...promotion, commit });
    }
  } catch (error: unknown) {
    // Only facts/ was written, and it was clean: move the branch back and restore facts/, touching nothing else.
    await git(root, ["reset", "-q", "--soft", start]);
    await git(root, ["restore", "--source", start, "--staged", "--worktree", "--", "facts"]);
    throw error;
  }
  return { promoted, held: plan.held };
};
