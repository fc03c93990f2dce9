export type { AttemptOutcome, DeliveryRecord, DeliveryStatus } from "./delivery-record.ts";
export {
  createDeliveryStore,
  DEFAULT_LOCK_WAIT_SECONDS,
  DEFAULT_RETENTION_DAYS,
  type DeliveryStore,
  DISABLED_FOLDER,
  GONE_FOLDER,
  JOURNAL_FILE,
  SNAPSHOT_FILE,
} from "./delivery-store.ts";
export { planDeliveries } from "./plan-deliveries.ts";
export type { StoredEvent, SubscriberSummary } from "./state-file.ts";
export { lockStateFolder } from "./state-lock.ts";
