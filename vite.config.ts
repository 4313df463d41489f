import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    // The Express app is built into the server bundle so the API, the page loaders and the
    // load-context key share one module graph (React Router's custom-server pattern).
    ssr: { build: { rollupOptions: { input: "./server/ssr-entry.ts" } } },
  },
});
