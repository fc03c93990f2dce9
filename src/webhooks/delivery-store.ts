import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { IsoDateTime } from "../schemas/primitives.ts";
import { DeliveryRecord } from "./delivery-record.ts";
import { recoverAtomicWrites } from "./recover-atomic-writes.ts";
import { writeFileAtomic } from "./write-file-atomic.ts";

/** Written when a subscriber's receiver answers 410 Gone; while it exists, nothing more is sent to that subscriber. */
export const GoneMark = z.object({ subscriber: z.string(), since: IsoDateTime, delivery: z.uuid() });
export type GoneMark = z.infer<typeof GoneMark>;

export interface DeliveryStore {
  directory: string;
  has(id: string): Promise<boolean>;
  list(): Promise<DeliveryRecord[]>;
  write(record: DeliveryRecord): Promise<void>;
  goneSubscribers(): Promise<Map<string, GoneMark>>;
  markGone(mark: GoneMark): Promise<void>;
}

const readJsonFile = <T>(file: string, schema: z.ZodType<T>): T => {
  const text = readFileSync(file, "utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${file}: the delivery state is not valid JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: the delivery state is malformed: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return parsed.data;
};

const DELIVERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The durable delivery state under FACTS_WEBHOOK_STATE: `deliveries/<id>.json`, one file per delivery, and
 * `gone/<subscriber>.json`. Every write is atomic; what a killed process left half done is finished or dropped on open.
 * The folder is plain files so a workflow can carry it between runs on a git branch.
 */
export const createDeliveryStore = async (directory: string): Promise<DeliveryStore> => {
  const deliveries = path.join(directory, "deliveries");
  const gone = path.join(directory, "gone");
  await mkdir(deliveries, { recursive: true });
  await mkdir(gone, { recursive: true });
  const parses = (text: string): boolean => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  for (const folder of [deliveries, gone]) await recoverAtomicWrites(folder, parses);
  const fileOf = (id: string): string => {
    if (!DELIVERY_ID.test(id)) throw new Error(`not a delivery id: ${id}`);
    return path.join(deliveries, `${id}.json`);
  };
  // Reads are synchronous for the reason writes are (see writeFileAtomic): a third of the cost, nobody to keep waiting.
  const jsonFiles = (folder: string): string[] =>
    readdirSync(folder).filter((name) => name.endsWith(".json")).sort().map((name) => path.join(folder, name));

  return {
    directory,
    has: async (id) => existsSync(fileOf(id)),
    list: async () => jsonFiles(deliveries).map((file) => readJsonFile(file, DeliveryRecord)),
    write: async (record) => writeFileAtomic(fileOf(record.id), jsonText(record)),
    goneSubscribers: async () => {
      const marks = jsonFiles(gone).map((file) => readJsonFile(file, GoneMark));
      return new Map(marks.map((mark) => [mark.subscriber, mark]));
    },
    markGone: async (mark) => writeFileAtomic(path.join(gone, `${mark.subscriber}.json`), jsonText(mark)),
  };
};
