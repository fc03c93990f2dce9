import { writeFileAtomic } from "../lib/json-file.ts";
import type { SigningKeySet } from "../schemas/index.ts";

/** Writes a key set as it is committed: indented, one member a line, so a rotation reads as a small diff. */
export const writeSigningKeys = (file: string, set: SigningKeySet): void => writeFileAtomic(file, `${JSON.stringify(set, null, 2)}\n`);
