import { readFile } from "node:fs/promises";
import type { Environment } from "../../lib/environment.ts";
import { listTextFromEnvironment } from "../../lib/environment.ts";
import { parseSubscriberList } from "./parse-subscriber-list.ts";
import { Subscriber } from "./subscriber.ts";

/** The webhook subscriber list (a JSON array), every problem reported at once by subscriber index and field. */
export const parseSubscribers = (text: string, source: string): Subscriber[] =>
  parseSubscriberList(
    text,
    source,
    Subscriber,
    '{"id", "url", "secret", "email"}, optionally with "previous_secret" and "previous_secret_until", "domains", "fact_ids"',
    (subscriber) => subscriber.id.toLowerCase(),
  );

/**
 * The subscribers from FACTS_WEBHOOK_SUBSCRIBERS (JSON, a repository secret in the workflow) or from the file
 * named by FACTS_WEBHOOK_SUBSCRIBERS_FILE. Neither set means no subscribers.
 */
export const subscribersFromEnvironment = async (
  environment: Environment = process.env,
  read: (file: string) => Promise<string> = (file) => readFile(file, "utf8"),
): Promise<Subscriber[]> => {
  const list = await listTextFromEnvironment("FACTS_WEBHOOK_SUBSCRIBERS", environment, read);
  return list ? parseSubscribers(list.text, list.source) : [];
};
