import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Environment, listTextFromEnvironment } from "../lib/environment.ts";
import { runGit } from "../lib/git.ts";
import { readJsonFile, writeFileAtomic } from "../lib/json-file.ts";
import type { Mailer } from "../lib/mailer.ts";
import { prettyJsonText } from "../model/json-document.ts";
import { parseSubscriberList } from "../webhooks/subscribers.ts";
import {
  collectDigestChanges,
  type DigestCycle,
  DigestRecord,
  DigestSubscriber,
  digestCycle,
  renderDigest,
} from "./digest.ts";

/** The last commit on the first-parent line of `revision` made before `date` (00:00 UTC), or undefined if none. */
export const commitBefore = async (cwd: string, revision: string, date: string): Promise<string | undefined> => {
  const output = (await runGit(cwd, ["rev-list", "-1", "--first-parent", `--before=${date}T00:00:00Z`, revision, "--"]))
    .toString("utf8")
    .trim();
  return output || undefined;
};

export interface DigestOptions {
  cwd: string;
  revision: string;
  today: string;
  /** The first cycle boundary; the others follow every 90 days. */
  epoch: string;
  baseUrl: string;
  subscribers: readonly DigestSubscriber[];
  mailer?: Mailer;
  /** Where `digest/<cycle end>.json` records who has had each cycle's digest; unused in a dry run. */
  stateDirectory?: string;
  dryRun?: boolean;
  now: () => Date;
  log: (line: string) => void;
}

export interface DigestResult {
  cycle?: DigestCycle;
  changes: number;
  sent: number;
}

/**
 * `npm run digest`: the digest of the latest closed cycle to every subscriber who has not had it yet. The
 * changes are those between the last commits before the cycle's two boundaries, so any later run of the same
 * cycle (a daily schedule, a re-run after a failure) sends the same digest, and only to those still missing it.
 */
export const runDigest = async (options: DigestOptions): Promise<DigestResult> => {
  const { log } = options;
  const cycle = digestCycle(options.today, options.epoch);
  if (!cycle) {
    log(`${options.today} is before the first cycle boundary ${options.epoch}: no digest yet`);
    return { changes: 0, sent: 0 };
  }
  if (!options.dryRun && !options.stateDirectory)
    throw new Error("FACTS_WEBHOOK_STATE is not set: name the folder that records which digests were sent");
  const file = options.stateDirectory ? path.join(options.stateDirectory, "digest", `${cycle.end}.json`) : undefined;
  const record = file === undefined ? undefined : await readJsonFile(file, DigestRecord, { absentAllowed: true });
  const sentTo = { ...record?.sentTo };
  const pending = options.subscribers.filter((subscriber) => !sentTo[subscriber.email.toLowerCase()]);
  if (pending.length === 0 && !options.dryRun) {
    log(
      `the digest of the cycle ${cycle.start}..${cycle.end} has been sent to all ${options.subscribers.length} subscriber(s)`,
    );
    return { cycle, changes: record?.changes.length ?? 0, sent: 0 };
  }

  const [from, to] = await Promise.all([
    commitBefore(options.cwd, options.revision, cycle.start),
    commitBefore(options.cwd, options.revision, cycle.end),
  ]);
  if (!to) {
    log(`no commit before ${cycle.end}: nothing to report for the cycle ${cycle.start}..${cycle.end}`);
    return { cycle, changes: 0, sent: 0 };
  }
  const changes = await collectDigestChanges(options.cwd, from, to, `${cycle.start}T00:00:00Z`);
  log(
    `cycle ${cycle.start}..${cycle.end}: ${changes.length} fact(s) changed between ${from?.slice(0, 12) ?? "(nothing)"} and ${to.slice(0, 12)}`,
  );
  for (const change of changes) log(`  ${change.event.factId} v${change.event.version}: ${change.impact}`);

  if (options.dryRun) {
    log("");
    log(renderDigest(cycle, changes, options.baseUrl, "(dry run)").text);
    return { cycle, changes: changes.length, sent: 0 };
  }
  if (!options.mailer) throw new Error("SMTP_URL is not set: the digest cannot be sent");
  await mkdir(path.dirname(file!), { recursive: true });
  let sent = 0;
  for (const subscriber of pending) {
    await options.mailer.send(renderDigest(cycle, changes, options.baseUrl, subscriber.email));
    sent++;
    sentTo[subscriber.email.toLowerCase()] = options.now().toISOString();
    const next: DigestRecord = {
      cycle,
      from: from ?? null,
      to,
      changes: changes.map((change) => `${change.event.factId}@v${change.event.version}`),
      sentTo,
    };
    writeFileAtomic(file!, prettyJsonText(next));
    log(`sent the digest to ${subscriber.email}`);
  }
  return { cycle, changes: changes.length, sent };
};

/** The digest's recipients from FACTS_DIGEST_SUBSCRIBERS (JSON) or the file FACTS_DIGEST_SUBSCRIBERS_FILE names. */
export const digestSubscribersFromEnvironment = async (
  environment: Environment = process.env,
  read: (file: string) => Promise<string> = (file) => readFile(file, "utf8"),
): Promise<DigestSubscriber[]> => {
  const list = await listTextFromEnvironment("FACTS_DIGEST_SUBSCRIBERS", environment, read);
  return list
    ? parseSubscriberList(list.text, list.source, DigestSubscriber, '{"email", "name"?}', (subscriber) =>
        subscriber.email.toLowerCase(),
      )
    : [];
};
