export {
  DEFAULT_HUB_CONCURRENCY,
  DEFAULT_HUB_TIMEOUT_MS,
  describeFailure,
  feedTopics,
  type HubNotice,
  MAX_HUB_ANSWER_BYTES,
  publishToHub,
} from "./publish-to-hub.ts";
