export { type FactHistory, type FactStateChange, type FactTimeline, type FactVersion, readFactHistory } from "./read-fact-history.ts";
export type { CommitInfo } from "./read-git-log.ts";
