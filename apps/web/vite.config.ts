import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const API_ORIGIN = process.env.VITE_API_PROXY ?? 'http://localhost:8080';
/** The signed-in shell and the dashboard (the first page after login), with what they import. */
const APP_SHELL = /src[\\/]app[\\/]routes[\\/]app[\\/](?:root|dashboard)\.tsx$/;
/** zod and the schemas of the stored session, the error envelope and the auth entries. */
const WIRE = /src[\\/]lib[\\/]wire\.ts$/;
const proxied = ['/api', '/files', '/UNSIGNED', '/dev'];

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_ORIGIN }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Few, larger chunks (each response also carries its headers; `npm run bench:web`
          // counts the first load's requests and bytes, see docs/performance.md):
          // `shell` is everything the entry loads statically (React, Mantine's core, the router,
          // i18next, the login screen); `app-shell` the signed-in layout and the dashboard with
          // everything they import that the shell lacks. Other pages keep their own chunks.
          // `wire` (zod with the schemas of `src/lib/wire.ts`) is loaded on the first submit of a
          // sign-in screen, or before the first render when a session is stored: /login lacks it.
          groups: [
            { name: 'shell', tags: ['$initial'] },
            { name: 'wire', test: (id) => WIRE.test(id) },
            { name: 'app-shell', test: (id) => APP_SHELL.test(id) },
          ],
        },
      },
    },
  },
});
