export { allowHostsFromEnvironment } from "./allow-hosts-from-environment.ts";
export { parseSubscriberList } from "./parse-subscriber-list.ts";
export { type Subscriber, SubscriberId, signingSecrets, wantsFact } from "./subscriber.ts";
export { subscribersFromEnvironment } from "./subscribers-from-environment.ts";
