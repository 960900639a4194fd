/**
 * Holds the next call of an object's async method until the test lets it go, so that "while the
 * first is still going" lasts as long as the test needs, however fast or slow the machine is.
 * `entered` settles once that call has begun; later calls go straight through.
 */
export function holdNextCall<T extends object, K extends keyof T>(target: T, method: K): { entered: Promise<void>; letGo: () => void; restore: () => void } {
  const original = target[method];
  if (typeof original !== 'function') throw new Error(`${String(method)} is not a method`);
  const put = (value: unknown) => ((target as Record<K, unknown>)[method] = value);
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const entered = new Promise<void>((resolve) => {
    put(async (...args: unknown[]) => {
      put(original);
      resolve();
      await held;
      return original.apply(target, args);
    });
  });
  // Afterwards (in a finally): the method is itself again, and a call still held is let go.
  const restore = () => {
    put(original);
    letGo();
  };
  return { entered, letGo, restore };
}
