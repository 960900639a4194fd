import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

/** The candidate's links (`/take/<token>`, `/take/public/<slug>`) open take.html, as the server does (server/lib/errors.ts). */
const TAKE_PAGE = /^\/take\/[^.]*$/;
const rewriteTakeLinks: Connect.NextHandleFunction = (req, _res, next) => {
  if (req.url && TAKE_PAGE.test(req.url.split('?')[0])) req.url = '/take.html';
  next();
};
function takePage(): Plugin {
  return {
    name: 'skillgauge-take-page',
    configureServer: (server) => void server.middlewares.use(rewriteTakeLinks),
    configurePreviewServer: (server) => void server.middlewares.use(rewriteTakeLinks),
  };
}

export default defineConfig({
  // Each text file over 1 KB also as .br and .gz, which the server sends to browsers that accept them.
  plugins: [react(), takePage(), compression({ threshold: 1024, algorithms: ['brotliCompress', 'gzip'] })],
  server: {
    port: 5173,
    proxy: { '/api': api, '/oauth': api, '/files': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // The manifest lets bench/take-bundle.ts weigh the candidate's first screen.
    manifest: true,
    rolldownOptions: {
      // Two pages: the admin (index.html) and the candidate's own small entry (take.html, src/take).
      input: { main: resolve(import.meta.dirname, 'index.html'), take: resolve(import.meta.dirname, 'take.html') },
    },
  },
});
