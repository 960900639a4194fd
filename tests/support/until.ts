/**
 * Waiting for a condition, never for a time. `check` is asked again until it answers something
 * other than false, null or undefined, which `until` then answers. The ceiling is generous (CI's
 * two cores may be busy with something else): it only turns a wait that would never end into a
 * failure that says what it waited for.
 */
export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  { ceilingMs = 60_000, everyMs = 50 }: { ceilingMs?: number; everyMs?: number } = {},
): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + ceilingMs;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value as Exclude<T, false | null | undefined>;
    if (Date.now() > deadline) throw new Error(`gave up after ${ceilingMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
