import { z } from "zod";
import type { Bracket as BracketSchema } from "./values/common.ts";

/** The bracket shapes live with the value schemas, whose `bc.ptt.brackets` and `bc.school_tax.additional` use them. */
export { Bracket, BracketArray } from "./values/common.ts";
export type Bracket = z.infer<typeof BracketSchema>;

/**
 * Polymorphic value of a fact: number, object, array or string, read according to the fact's `unit`.
 * Members are left open (`unknown`): the value comes from parsed JSON, and a closed recursive JSON type would put
 * self-referencing definitions into every generated JSON Schema and OpenAPI component.
 */
export const FactValue = z.union([z.number(), z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);
export type FactValue = z.infer<typeof FactValue>;
