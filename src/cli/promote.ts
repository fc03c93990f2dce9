import { parseArgs } from "node:util";
import { runCommand } from "../lib/command.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { UsageError } from "../lib/errors.ts";
import { botPushFromEnvironment, pushAsBot } from "../lib/git.ts";
import { runPromote } from "../workflows/promote.ts";

const HELD_REASONS = {
  announced: "announced, not enacted: confirm it has been enacted, then promote it by hand as a revision",
  "after-announced": "waits behind an announced change of the same fact",
} as const;

/**
 * `npm run promote [-- --dry-run] [--root DIR] [--push BRANCH]`: on the day (FACTS_TODAY, default today in UTC) each
 * enacted scheduled change becomes its fact's current state, one commit per version, committed as the bot; announced
 * ones are reported. `--push BRANCH` promotes nothing: it only pushes HEAD, the promotions an earlier run committed,
 * to BRANCH of origin as the bot, with GITHUB_TOKEN for GITHUB_SERVER_URL (the promotion workflow pushes to main once
 * every promotion passed its check, so a run crossing midnight cannot push a promotion that was not checked); a
 * rejected push fails the command.
 */
const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: {
      root: { type: "string", default: "." },
      "dry-run": { type: "boolean", default: false },
      push: { type: "string" },
    },
    strict: true,
  });
  if (values.push !== undefined) {
    if (values["dry-run"]) throw new UsageError("--push pushes what is already committed; it takes no --dry-run");
    const pushed = await pushAsBot(values.root, values.push, botPushFromEnvironment());
    if (pushed.code !== 0) throw new Error(`could not push to ${values.push}: ${pushed.stderr.trim()}`);
    console.log(`pushed HEAD to ${values.push}`);
    return 0;
  }
  const today = todayFromEnvironment();
  const result = await runPromote(values.root, today, { dryRun: values["dry-run"] });
  for (const promotion of result.promoted) {
    const verb = values["dry-run"] ? "would promote" : "promoted";
    console.log(
      `${verb} ${promotion.factId} v${promotion.before.version} -> v${promotion.after.version}, effective ${promotion.change.effective_iso}: ${promotion.change.note}${promotion.commit ? ` (${promotion.commit.slice(0, 12)})` : ""}`,
    );
  }
  for (const held of result.held) {
    console.log(
      `held ${held.factId}, due ${held.change.effective_iso}: ${held.change.note} (${HELD_REASONS[held.reason]}; ${held.file})`,
    );
  }
  console.log(
    `${today}: ${result.promoted.length} change(s) ${values["dry-run"] ? "to promote" : "promoted"}, ${result.held.length} due change(s) held for confirmation`,
  );
  return 0;
};

runCommand("promote", main);
