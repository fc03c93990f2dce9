import { readFile } from "node:fs/promises";
import { parseSubscriberList } from "../webhooks/parse-subscriber-list.ts";
import { DigestSubscriber } from "./digest-subscriber.ts";

/** The digest's recipients from FACTS_DIGEST_SUBSCRIBERS (JSON) or the file FACTS_DIGEST_SUBSCRIBERS_FILE names. */
export const digestSubscribersFromEnvironment = async (
  environment: NodeJS.ProcessEnv = process.env,
  read: (file: string) => Promise<string> = (file) => readFile(file, "utf8"),
): Promise<DigestSubscriber[]> => {
  const inline = environment.FACTS_DIGEST_SUBSCRIBERS;
  const file = environment.FACTS_DIGEST_SUBSCRIBERS_FILE;
  if (inline && file) throw new Error("set FACTS_DIGEST_SUBSCRIBERS or FACTS_DIGEST_SUBSCRIBERS_FILE, not both");
  const parse = (text: string, source: string) =>
    parseSubscriberList(text, source, DigestSubscriber, '{"email", "name"?}', (subscriber) => subscriber.email.toLowerCase());
  if (inline) return parse(inline, "FACTS_DIGEST_SUBSCRIBERS");
  if (!file) return [];
  let text: string;
  try {
    text = await read(file);
  } catch (error: unknown) {
    throw new Error(`FACTS_DIGEST_SUBSCRIBERS_FILE: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parse(text, file);
};
