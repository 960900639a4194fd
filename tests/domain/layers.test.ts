/**
 * The layers (ARCHITECTURE.md): the server and the seeds reach the browser's code only through
 * src/domain, and src/domain imports neither React nor the screens, so that each side can change
 * its own code without breaking the other.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each relative import of a file, as a path from the repository's root. */
function importsOf(path: string): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => relative(ROOT, resolve(ROOT, dirname(path), m[1]!)));
}

describe('the layers', () => {
  it('the server imports from src only what src/domain holds', () => {
    const crossings = sourcesUnder('server')
      .flatMap((path) => importsOf(path).map((target) => ({ path, target })))
      .filter(({ target }) => target.startsWith('src/') && !target.startsWith('src/domain/'));
    expect(crossings).toEqual([]);
  });

  it('src/domain imports no screen, provider or React', () => {
    const crossings = sourcesUnder('src/domain').flatMap((path) => {
      const text = readFileSync(join(ROOT, path), 'utf8');
      const found = importsOf(path).filter((target) => !target.startsWith('src/domain/')).map((target) => `${path} → ${target}`);
      if (/from '(react|react-admin|@mui\/[^']+)'/.test(text)) found.push(`${path} → React`);
      return found;
    });
    expect(crossings).toEqual([]);
  });
});
