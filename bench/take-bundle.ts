/**
 * `npm run bench:bundle`: what the candidate's page makes a phone download before its first
 * screen shows (issue 9: at most 120 KB of gzip JavaScript). Reads the build's manifest
 * (`vite build` writes `.vite/manifest.json`), follows the entry's static imports (what the
 * browser loads before the page runs: the script and its modulepreloads) plus the interface
 * language's words (a chunk per language, loaded before the first render), and sums their gzip
 * sizes: in English and in Hindi, for an invitation's link (instructions) and for a public link
 * (its join form, a chunk of its own). Also lists the lazy chunks the page loads later (the flow,
 * the code editor, the recorder), and fails when a chunk of the candidate's page carries
 * react-admin. Prints one JSON document; exits 1 over the budget.
 *
 *   npm run bench:bundle                 builds into a temporary folder, then measures
 *   npm run bench:bundle -- --dist dist  measures an existing build
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = join(import.meta.dirname, '..');
/** The budget for the first screen's JavaScript, gzip. */
export const FIRST_SCREEN_BUDGET_BYTES = 120 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};

function build(): { dist: string; cleanUp: () => void } {
  const dist = mkdtempSync(join(tmpdir(), 'sg-take-bundle-'));
  const result = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('vite build failed');
  return { dist, cleanUp: () => rmSync(dist, { recursive: true, force: true }) };
}

/** The chunk and every chunk it imports statically, each once. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function main() {
  const given = argument('--dist');
  const built = given ? null : build();
  const dist = given ?? built!.dist;
  try {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const size = (file: string) => {
      const bytes = readFileSync(join(dist, file));
      return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    };
    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('take.html'));
    if (!entryKey) throw new Error('take.html is not an entry of this build');
    const weigh = (keys: Set<string>) => {
      const chunks = [...keys].map((k) => size(manifest[k].file)).sort((a, b) => b.gzipBytes - a.gzipBytes);
      const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))].map(size);
      return {
        jsGzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0),
        jsBytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
        cssGzipBytes: css.reduce((sum, c) => sum + c.gzipBytes, 0),
        chunks,
      };
    };
    // The page loads its interface language's words (a chunk per language) before showing anything.
    const wordsKey = (language: 'en' | 'hi') => Object.keys(manifest).find((k) => k.endsWith(`src/i18n/take/${language}.ts`));
    const withWords = (keys: Set<string>, language: 'en' | 'hi') => {
      const key = wordsKey(language);
      if (!key) throw new Error(`no chunk of src/i18n/take/${language}.ts in this build`);
      return staticClosure(manifest, key, new Set(keys));
    };
    const entry = staticClosure(manifest, entryKey);
    const joinKey = Object.keys(manifest).find((k) => k.endsWith('src/take/PublicJoin.tsx'));
    if (!joinKey) throw new Error('no chunk of src/take/PublicJoin.tsx in this build');
    const joining = staticClosure(manifest, joinKey, new Set(entry));
    const first = weigh(withWords(entry, 'en'));
    const screens = {
      firstScreenInHindi: weigh(withWords(entry, 'hi')),
      publicLinkFirstScreen: weigh(withWords(joining, 'en')),
      publicLinkFirstScreenInHindi: weigh(withWords(joining, 'hi')),
    };

    // The chunks the page may load later, each with what it adds beyond the first screen.
    const takeChunks = new Set<string>();
    const walk = (key: string) => {
      if (takeChunks.has(key)) return;
      takeChunks.add(key);
      for (const k of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) walk(k);
    };
    walk(entryKey);
    const lazy = Object.keys(manifest)
      .filter((k) => takeChunks.has(k) && manifest[k].isDynamicEntry)
      .map((k) => {
        // With its static imports, less what the first screen loaded (a chunk opened from the flow shares more with it).
        const added = [...staticClosure(manifest, k)].filter((c) => !entry.has(c));
        return { src: manifest[k].src ?? k, gzipBytes: size(manifest[k].file).gzipBytes, withImportsGzipBytes: added.reduce((sum, c) => sum + size(manifest[c].file).gzipBytes, 0) };
      })
      .sort((a, b) => b.withImportsGzipBytes - a.withImportsGzipBytes);

    // react-admin's own strings, which no chunk of the candidate's page should hold.
    const adminMarkers = ['ra.action.', 'ra.notification.', 'RaList-'];
    const carriesAdmin = [...takeChunks].filter((k) => {
      const text = readFileSync(join(dist, manifest[k].file), 'utf8');
      return adminMarkers.some((m) => text.includes(m));
    });

    const report = {
      bench: 'take-bundle',
      budgetGzipBytes: FIRST_SCREEN_BUDGET_BYTES,
      firstScreen: { ...first, withinBudget: first.jsGzipBytes <= FIRST_SCREEN_BUDGET_BYTES },
      ...Object.fromEntries(Object.entries(screens).map(([name, screen]) => [name, { jsGzipBytes: screen.jsGzipBytes, withinBudget: screen.jsGzipBytes <= FIRST_SCREEN_BUDGET_BYTES }])),
      lazyChunks: lazy,
      chunksWithReactAdmin: carriesAdmin.map((k) => manifest[k].file),
    };
    console.log(JSON.stringify(report, null, 2));
    const over = [first, ...Object.values(screens)].some((screen) => screen.jsGzipBytes > FIRST_SCREEN_BUDGET_BYTES);
    if (over || carriesAdmin.length) process.exitCode = 1;
  } finally {
    built?.cleanUp();
  }
}

main();
