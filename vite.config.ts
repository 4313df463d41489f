import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    // The Express app is built into the server bundle so the API, the page loaders and the
    // load-context key share one module graph (React Router's custom-server pattern).
    ssr: {
      build: { rollupOptions: { input: "./server/ssr-entry.ts" } },
      // In development Vite runs React Router's own modules with the "development" condition;
      // @react-router/express loaded by Node instead got the production copy, whose
      // RouterContextProvider class is another one, and every page with middleware answered 500.
      // Inlining the adapter makes it use the same copy as the app.
      resolve: { noExternal: ["@react-router/express"] },
    },
  },
});
