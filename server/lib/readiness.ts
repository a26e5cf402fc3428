/**
 * What a server still has to do before it should take shoppers' traffic: each piece of warming
 * (reading the catalogue into memory) is waited for under a name, and /readyz answers 503
 * "warming" until all are done. A piece that fails or overruns its time is given up on with a
 * warning: the server then answers from the database alone, slower but right, rather than never
 * becoming ready.
 */
export type Readiness = {
  /** Waits for `work` under `name`, for at most `timeoutMs`. */
  wait(name: string, work: Promise<unknown>, options?: { timeoutMs?: number }): Promise<void>;
  /** The names still being waited for (empty: ready). */
  pending(): string[];
};

export function createReadiness(log: { warn(details: object, message: string): void }): Readiness {
  const waiting = new Set<string>();
  return {
    async wait(name, work, { timeoutMs = 120_000 } = {}) {
      waiting.add(name);
      let timer: NodeJS.Timeout | undefined;
      const overrun = new Promise<'overrun'>((resolve) => {
        timer = setTimeout(() => resolve('overrun'), timeoutMs);
        timer.unref();
      });
      try {
        const outcome = await Promise.race([work.then(() => 'done' as const), overrun]);
        if (outcome === 'overrun')
          log.warn(
            { warming: name, timeoutMs },
            'still warming up: ready anyway, answering from the database until it is done',
          );
      } catch (error) {
        log.warn({ err: error, warming: name }, 'warming up failed: answering from the database');
      } finally {
        clearTimeout(timer);
        waiting.delete(name);
      }
    },
    pending: () => [...waiting],
  };
}
