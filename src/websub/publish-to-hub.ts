import pMap from "p-map";
import { Agent } from "undici";
import { SERVICE, type Urls } from "../lib/config.ts";
import { errorMessage } from "../lib/errors.ts";
import { HttpFailure, httpRequest } from "../lib/http.ts";
import { printableText } from "../lib/text.ts";
import { DOMAINS } from "../schemas/index.ts";

/**
 * The topics a hub is told about: every feed the build writes, by the address it names as its own (`rel="self"`),
 * since a WebSub topic is the feed's self URL. `factIds` are the facts the build writes a per-fact feed for.
 */
export const feedTopics = (urls: Urls, factIds: readonly string[]): string[] => [
  urls.feed,
  urls.upcomingFeed,
  urls.changesFeed,
  ...DOMAINS.map((domain) => urls.domainFeed(domain)),
  ...factIds.map((id) => urls.factFeed(id)),
];

/** A hub's answer is read this far for the error message and no further: only its status matters. */
export const MAX_HUB_ANSWER_BYTES = 4 * 1024;
/** How much of a refusing hub's answer the message quotes. */
const QUOTED_ANSWER_CHARACTERS = 200;
export const DEFAULT_HUB_TIMEOUT_MS = 10_000;
/** Requests in flight at once: enough to notify every feed in a few seconds, few enough not to look like a flood. */
export const DEFAULT_HUB_CONCURRENCY = 4;

export interface HubNotice {
  topic: string;
  ok: boolean;
  /** `HTTP 204`, or why the hub did not take the notice: its status and the start of its answer, or the error. */
  detail: string;
}

/** The start of an answer as one printable line: a hub's text is shown, never interpreted. */
const quoteAnswer = (bytes: Buffer): string => {
  const text = printableText(bytes.toString("utf8").replace(/\s+/g, " ").trim());
  return text.length > QUOTED_ANSWER_CHARACTERS ? `${text.slice(0, QUOTED_ANSWER_CHARACTERS)}…` : text;
};

/**
 * Tells the WebSub hub at `hub` that each topic changed: one POST per topic with the form body `hub.mode=publish`
 * and `hub.url=<topic>`, the publishing convention of the public hubs (the WebSub Recommendation leaves how a
 * publisher notifies its hub to the hub). A 2xx answer is success; any other status, a redirect included (it is not
 * followed), is a failure quoting the start of the answer. Each exchange, connecting and reading included, ends after
 * `timeoutMs`, and an answer is read up to {@link MAX_HUB_ANSWER_BYTES}, so a hub that never answers, drips bytes or
 * sends an endless body costs one timeout per topic at most. Never throws: every failure is a notice naming its topic.
 */
export const publishToHub = async (
  hub: string,
  topics: readonly string[],
  options: { timeoutMs?: number; concurrency?: number } = {},
): Promise<HubNotice[]> => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_HUB_TIMEOUT_MS;
  // Its own connections, closed at the end, so that none is left open behind the command.
  const dispatcher = new Agent({ connect: { timeout: timeoutMs } });

  const verdict = (topic: string, status: number, answer: string): HubNotice => {
    if (status >= 200 && status < 300) return { topic, ok: true, detail: `HTTP ${status}` };
    return { topic, ok: false, detail: `HTTP ${status}${answer ? `: ${answer}` : " (empty answer)"}` };
  };

  const notify = async (topic: string): Promise<HubNotice> => {
    try {
      const answer = await httpRequest(hub, {
        method: "POST",
        dispatcher,
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": `${SERVICE.slug}-websub/1.0` },
        body: new URLSearchParams({ "hub.mode": "publish", "hub.url": topic }).toString(),
        timeoutMs,
        maxBytes: MAX_HUB_ANSWER_BYTES,
        overLimit: "truncate",
      });
      return verdict(topic, answer.status, quoteAnswer(answer.body));
    } catch (error: unknown) {
      // A body cut off or too slow is not the verdict: the status, which came before it, already is.
      if (error instanceof HttpFailure && error.status !== undefined)
        return verdict(topic, error.status, `the answer was cut off (${error.message})`);
      if (error instanceof HttpFailure && error.kind === "timeout")
        return { topic, ok: false, detail: `no complete answer within ${timeoutMs / 1000} s` };
      return { topic, ok: false, detail: printableText(errorMessage(error)) };
    }
  };

  try {
    return await pMap(topics, notify, { concurrency: options.concurrency ?? DEFAULT_HUB_CONCURRENCY });
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
};

/** A failed notice as one line naming the hub and the feed. */
export const describeFailure = (hub: string, notice: HubNotice): string =>
  `${hub}: the hub did not take the update of ${notice.topic}: ${notice.detail}`;
