import { FACT_FILE_KEYS } from "../../schemas/index.ts";
import { firstMisplacedKey } from "./first-misplaced-key.ts";
import type { FactCheck } from "./types.ts";

/** Keys in one fixed order keep every diff of a fact file small and reviewable. */
export const keyOrder: FactCheck = ({ doc }) => {
  const misplaced = firstMisplacedKey(Object.keys(doc.value as object), FACT_FILE_KEYS);
  return misplaced === undefined ? [] : [doc.problemAt([misplaced], `keys must be in the order ${FACT_FILE_KEYS.join(", ")}; "${misplaced}" is out of place`)];
};
