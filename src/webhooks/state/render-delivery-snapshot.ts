import { compareText } from "../../lib/compare-text.ts";
import type { DeliveryRecord } from "./delivery-record.ts";
import type { FactUpdatedEvent } from "../events/index.ts";

/** Every subscriber's delivery of an event holds the same event object, so its JSON is made once. */
const eventTexts = new WeakMap<FactUpdatedEvent, string>();

const recordLine = (record: DeliveryRecord): string => {
  const { id, event, ...rest } = record;
  let eventText = eventTexts.get(event);
  if (eventText === undefined) {
    eventText = JSON.stringify(event);
    eventTexts.set(event, eventText);
  }
  return `{"id":${JSON.stringify(id)},"event":${eventText},${JSON.stringify(rest).slice(1)}`;
};

/**
 * The snapshot file: one JSON document, `{"deliveries": [...]}`, with one record per line in delivery-id order
 * and the fields of each in one fixed order (id, event, then the rest as the record holds them), so the state
 * branch stays one readable file whose commits change only the lines of the deliveries that moved.
 */
export const renderDeliverySnapshot = (records: Iterable<DeliveryRecord>): string => {
  const lines = [...records].sort((a, b) => compareText(a.id, b.id)).map(recordLine);
  return `{"deliveries": [\n${lines.join(",\n")}${lines.length > 0 ? "\n" : ""}]}\n`;
};
