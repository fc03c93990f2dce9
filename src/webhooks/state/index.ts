export type { AttemptOutcome, DeliveryRecord, DeliveryStatus } from "./delivery-record.ts";
export { createDeliveryStore, type DeliveryStore } from "./delivery-store.ts";
export { planDeliveries } from "./plan-deliveries.ts";
