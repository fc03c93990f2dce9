import { FACT_FILE_KEYS } from "../../schemas/fact-file.ts";
import type { FactRule } from "./types.ts";

/** Keys in one fixed order keep every diff of a fact file small and reviewable. */
export const keyOrder: FactRule = ({ doc }) => {
  const keys = Object.keys(doc.value as object);
  const expected = [...keys].sort((a, b) => FACT_FILE_KEYS.indexOf(a as never) - FACT_FILE_KEYS.indexOf(b as never));
  const firstMisplaced = keys.findIndex((key, index) => key !== expected[index]);
  return firstMisplaced === -1
    ? []
    : [doc.problemAt([keys[firstMisplaced]!], `keys must be in the order ${FACT_FILE_KEYS.join(", ")}; "${keys[firstMisplaced]}" is out of place`)];
};
