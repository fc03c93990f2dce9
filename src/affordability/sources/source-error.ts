/** Thrown when a source cannot be used as it answered: the run writes nothing. */
export class SourceError extends Error {
  constructor(source: string, reason: string) {
    super(`${source}: ${reason}`);
    this.name = "SourceError";
  }
}
