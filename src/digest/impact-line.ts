import { impactOf } from "../derive/version-note.ts";

/**
 * The one-line practical impact of a commit the digest names: its last `Impact:` line, else its subject. The digest
 * names a revision by its version note instead (see versionNote), so the subject is only used for re-verifications
 * and edits, where it says what was checked.
 */
export const impactLine = (message: string): string => impactOf(message) ?? (message.split("\n", 1)[0] ?? "").trim();
