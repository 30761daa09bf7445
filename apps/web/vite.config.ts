import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const server = 'http://127.0.0.1:3100';

export default defineConfig({
  plugins: [
    react(),
    // Precompressed beside each file (file.js.br, file.js.gz): the server sends the one the
    // browser accepts without compressing on every request (apps/server/src/web-assets.ts).
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The sign-in page is one file by design (about 730 kB before compression); its budget is the
    // 250 kB gzip that `npm run bench:web` checks.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The contracts' modules only declare schemas: the ones the web app never imports
      // (MQTT, telemetry, history...) are left out of the bundle.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contracts/') },
      output: {
        // A few files instead of a hundred: a browser fetches six at a time from one HTTP/1.1
        // server, so a chain of small chunks made the dashboard wait for round trips, not bytes.
        codeSplitting: {
          groups: [
            // The sign-in page: everything the entry needs at once, in the entry's file.
            { name: 'app', tags: ['$initial'], priority: 40 },
            // Zod and the contracts' schemas: every signed-in page's replies (and the sign-in
            // form's rules, fetched as the person types).
            {
              name: 'contracts',
              test: /packages[\\/]contracts[\\/]|node_modules[\\/]zod[\\/]/,
              priority: 30,
            },
            // The signed-in shell (top bar, navigation, alarm alerts) with all it imports.
            { name: 'shell', test: /src[\\/]app[\\/]layouts[\\/]signed-in-layout/, priority: 20 },
            // The dashboard's own code, its data panel and their libraries: only its pages load it.
            {
              name: 'dashboard',
              test: /src[\\/]features[\\/](dashboard|device-data)[\\/]|node_modules[\\/](uplot|react-grid-layout|react-draggable|react-resizable)[\\/]/,
              includeDependenciesRecursively: false,
              priority: 15,
            },
            // What the dashboard shares with other pages (tables, inputs, dates), in one file.
            {
              name: 'pages',
              test: /src[\\/]features[\\/](dashboard[\\/]pages[\\/]dashboard-page|device-data[\\/]index)/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/healthz': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
