// npm run dev: the API server in watch mode and Vite with hot reload, side by side.
import { spawn } from 'node:child_process';

const children = [
  // Links and upload URLs point at Vite, which serves the app and proxies the API.
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, STATIC_DIR: '', PORT: process.env.PORT ?? '8080' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_URL: `http://127.0.0.1:${process.env.PORT ?? '8080'}` } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
