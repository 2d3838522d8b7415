import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { parseEnv } from 'node:util';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstLoadChunks } from './build/first-load-chunks.ts';
import { publish } from './build/publish.ts';
import { serverEntryBuild } from './build/server-entry.ts';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Where the build is published: the directory the server serves, WEB_DIST_DIR read as the server
 * reads it (the environment, else the repository's .env, relative to the repository).
 */
function webDistDir(): string {
  const envFile = path.join(repositoryRoot, '.env');
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')).WEB_DIST_DIR : undefined;
  return path.resolve(repositoryRoot, process.env.WEB_DIST_DIR || fromFile || 'apps/web/dist');
}

export default defineConfig(({ command, isSsrBuild }) => {
  // `npm start` builds for production whatever NODE_ENV the shell exports: with
  // NODE_ENV=development, Vite would ship React's development build (half again as large, slow).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    // The build goes to a staging directory, then is published beside the previous builds'
    // assets, which open pages still load (build/publish.ts), with the server's entry that the
    // SSR build (`vite build --ssr`) made just before (build/server-entry.ts).
    plugins: [react(), tailwindcss(), isSsrBuild ? serverEntryBuild(webDistDir()) : publish(webDistDir())],
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        // The app's toasts go through one module that loads the container only when needed (docs/performance.md).
        {
          find: /^react-toastify$/,
          replacement: fileURLToPath(new URL('./src/lib/react-toastify.ts', import.meta.url)),
        },
      ],
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
    },
    // Maps for error tooling, never referenced by the bundles; the server does not serve them.
    // The manifest lets scripts/check-size.mjs weigh what the diner's menu loads (docs/performance.md).
    build: isSsrBuild
      ? {}
      : {
          target: 'es2022',
          sourcemap: 'hidden',
          manifest: true,
          minify: 'terser',
          rollupOptions: {
            output: {
              manualChunks: firstLoadChunks(fileURLToPath(new URL('.', import.meta.url))),
              onlyExplicitManualChunks: true,
            },
          },
        },
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    },
  };
});
