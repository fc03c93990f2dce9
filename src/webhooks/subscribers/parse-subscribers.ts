import { parseSubscriberList } from "./parse-subscriber-list.ts";
import { Subscriber } from "./subscriber.ts";

/** The webhook subscriber list (a JSON array), every problem reported at once by subscriber index and field. */
export const parseSubscribers = (text: string, source: string): Subscriber[] =>
  parseSubscriberList(text, source, Subscriber, '{"id", "url", "secret", "email"}', (subscriber) => subscriber.id.toLowerCase());
