import { closeSync, openSync, writeSync } from "node:fs";

export interface Journal {
  /** Appends one line; resolves once it is written, together with every line appended in the same tick. */
  append(line: string): Promise<void>;
  /** Resolves once every line appended so far is written. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An append-only file of lines with group commit: every line appended while the event loop runs one round of
 * callbacks (the deliveries whose answers came in together) goes to the file in a single `write`, at `setImmediate`.
 *
 * Durability: a line is acknowledged once `write(2)` has returned, so it is in the kernel's page cache and survives
 * the process being killed at any point (SIGKILL, OOM, a cancelled job), as the rename-based files before it did.
 * There is no fsync: the state folder lives on a CI runner's disk that only outlives the job by being pushed to
 * the state branch, so a machine that loses power loses the folder whether or not it was synced, and an fdatasync
 * per batch (0.4 to 0.9 ms on this disk) would stand between every attempt and its request.
 * The write is synchronous on purpose: an append to the page cache costs microseconds, less than a round trip
 * through the thread pool, and it lands before any callback that could start an attempt runs.
 */
export const openJournal = (file: string): Journal => {
  const fd = openSync(file, "a");
  let pending: string[] = [];
  // Every line appended in one turn of the event loop waits on the same promise: one write, one settlement.
  let batch: PromiseWithResolvers<void> | undefined;
  let failure: unknown;
  let closed = false;

  const writeBatch = (): void => {
    const lines = pending;
    const waiting = batch;
    pending = [];
    batch = undefined;
    if (!waiting) return;
    try {
      if (failure !== undefined) throw failure;
      writeSync(fd, lines.join(""));
    } catch (error: unknown) {
      // A journal that failed once may hold a torn tail: nothing more is appended after it.
      failure = error;
      waiting.reject(error);
      return;
    }
    waiting.resolve();
  };

  const append = (line: string): Promise<void> => {
    if (closed) return Promise.reject(new Error(`${file}: the journal is closed`));
    if (failure !== undefined) return Promise.reject(failure);
    pending.push(`${line}\n`);
    if (!batch) {
      batch = Promise.withResolvers<void>();
      setImmediate(writeBatch);
    }
    return batch.promise;
  };

  const flush = async (): Promise<void> => {
    if (batch) {
      const waiting = batch.promise;
      writeBatch();
      await waiting;
    }
    if (failure !== undefined) throw failure;
  };

  return {
    append,
    flush,
    close: async () => {
      if (closed) return;
      try {
        await flush();
      } finally {
        closed = true;
        closeSync(fd);
      }
    },
  };
};
