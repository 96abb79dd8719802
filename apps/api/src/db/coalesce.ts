/**
 * Group commit for one kind of statement: calls that arrive while an earlier call of the same
 * kind and key is on its way to the database wait, and then go together as one statement
 * (`many`), one round trip and one commit instead of one each. The first call waits only for
 * the end of the current turn of the event loop (calls made in that turn go with it), so an idle
 * server answers as fast as without it; under load (a batch's documents, sixteen at once) the
 * statements of the waiting calls are merged.
 *
 * `many` must answer each input as `one` would have, in order; when it throws (a key used
 * before, a balance too short for all of them, a check that fails the whole statement), every
 * input of the group runs alone through `one`, so each caller gets its own answer or error.
 */
export type TCoalescer<TIn, TOut> = (input: TIn) => Promise<TOut>;

type TWaiting<TIn, TOut> = {
  input: TIn;
  resolve: (value: TOut) => void;
  reject: (error: unknown) => void;
};

export const coalesce = <TIn, TOut>(options: {
  /** Calls with different keys never share a statement (e.g. two payers' accounts). */
  key: (input: TIn) => string;
  one: (input: TIn) => Promise<TOut>;
  many: (inputs: TIn[]) => Promise<TOut[]>;
  /** Most inputs in one statement. */
  max: number;
}): TCoalescer<TIn, TOut> => {
  /** The keys with a statement on its way, each with the calls waiting for it to end. */
  const lanes = new Map<string, TWaiting<TIn, TOut>[]>();

  const runAlone = (group: TWaiting<TIn, TOut>[]) =>
    Promise.all(
      group.map((w) =>
        options.one(w.input).then(
          (value) => w.resolve(value),
          (error: unknown) => w.reject(error),
        ),
      ),
    );

  const run = async (group: TWaiting<TIn, TOut>[]) => {
    if (group.length === 1) return runAlone(group);
    let outputs: TOut[];
    try {
      outputs = await options.many(group.map((w) => w.input));
      if (outputs.length !== group.length) throw new Error('coalesced statement lost a row');
    } catch {
      return runAlone(group);
    }
    group.forEach((w, i) => {
      w.resolve(outputs[i] as TOut);
    });
  };

  /** Runs groups of the key's waiting calls until none are left, then frees the lane. */
  const drain = async (key: string, first: TWaiting<TIn, TOut>[]) => {
    let group = first;
    while (group.length > 0) {
      await run(group);
      const waiting = lanes.get(key) ?? [];
      group = waiting.splice(0, options.max);
    }
    lanes.delete(key);
  };

  return (input) =>
    new Promise<TOut>((resolve, reject) => {
      const key = options.key(input);
      const call = { input, resolve, reject };
      const waiting = lanes.get(key);
      if (waiting) {
        waiting.push(call);
        return;
      }
      // Calls made in the same turn (a group's documents, started together) go together: the
      // first waits only for the promise jobs already queued to run (`nextTick` runs after them).
      const lane: TWaiting<TIn, TOut>[] = [call];
      lanes.set(key, lane);
      process.nextTick(() => {
        void drain(key, lane.splice(0, options.max));
      });
    });
};

/** One coalescer per database handle (tests open many; each app has its own). */
export const perHandle = <THandle extends object, T>(make: (handle: THandle) => T) => {
  const made = new WeakMap<THandle, T>();
  return (handle: THandle): T => {
    let found = made.get(handle);
    if (found === undefined) {
      found = make(handle);
      made.set(handle, found);
    }
    return found;
  };
};
