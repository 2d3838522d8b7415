import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstLoadChunks } from './build/first-load-chunks.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig(({ command }) => {
  // `npm start` builds for production whatever NODE_ENV the shell exports: with
  // NODE_ENV=development, Vite would ship React's development build (half again as large, slow).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), tailwindcss(), precompress()],
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
    build: {
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
      include: ['src/**/*.test.{ts,tsx}'],
    },
  };
});
