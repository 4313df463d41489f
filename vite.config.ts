import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * React, React DOM and React Router, with the browser entry that starts them: every page needs
 * them, so they travel as one file.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser|turbo-stream)[\\/]|app[\\/](entry\.client\.|lib[\\/]hydration-event\.)/;
/**
 * What every public page shares: its shell (header, footer, cart state, consent, toasts)
 * and the small helpers it uses (their icons and other imports come along). Never a form
 * library, Radix or admin code.
 */
const STOREFRONT = new RegExp(
  [
    String.raw`app[\/]features[\/](layout[\/](?!lazy-map)|consent[\/](?!meta-pixel)|seo[\/])`,
    String.raw`app[\/]features[\/]advisor[\/]advisor-launcher`,
    String.raw`app[\/]features[\/]cart[\/](cart-context|cart-store)`,
    String.raw`app[\/]features[\/]wishlist[\/]wishlist-store`,
    String.raw`app[\/]features[\/]catalog[\/]service-links`,
    String.raw`app[\/]components[\/]ui[\/](button|toast|section-heading|social-icons)\.`,
    String.raw`app[\/]lib[\/](money-text|scroll|storage-counts|text|tracking|use-)`,
    String.raw`common[\/](catalog|money|business|page-context|payment-messages|shipping)\.`,
    String.raw`node_modules[\/]clsx[\/]`,
  ].join("|"),
);
/** The product cards and pictures of the home page, /shop, /product, the cart and wishlist. */
const CATALOG =
  /app[/]features[/](catalog[/](product-card|rating|stock-status|pagination)|cart[/](card-add-to-cart|cart-fields|quantity-stepper))|app[/]components[/]ui[/]fallback-image\.|app[/]lib[/]responsive-image\.|app[/]generated[/]/;
/**
 * The booking form's slots and its Lagos-date arithmetic (common/lagos-date.ts, the engine-free
 * part of lagos-time.ts): one small file for the pages with the booking form, not a piece of the
 * back office's lagos-time chunk nor of every page's storefront chunk.
 */
const BOOKING_SLOTS = /common[/](booking-slots|lagos-date)\./;
/** The forms of /contact, /checkout and the home page: @mantine/form and its helpers. */
const FORMS =
  /node_modules[/](@mantine[/]form|klona|fast-deep-equal)[/]|app[/]components[/]ui[/]form-field\.|app[/]lib[/](api|public-form)\./;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        // Fewer, larger chunks on a page's first load (issue 15;
        // docs/decisions/0139-client-chunks.md):
        // the framework as one file; code shared by several routes grouped by the set of
        // routes that use it, small groups merged into a neighbour rather than sent as files of
        // a few hundred bytes each (every file costs a request and its headers on a phone).
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 20 },
            { name: "storefront", test: STOREFRONT, priority: 10 },
            { name: "catalog", test: CATALOG, priority: 8 },
            { name: "booking-slots", test: BOOKING_SLOTS, priority: 6 },
            { name: "forms", test: FORMS, priority: 5 },
          ],
        },
      },
    },
  },
  environments: {
    // The Express app is built into the server bundle so the API, the page loaders and the
    // load-context key share one module graph (React Router's custom-server pattern).
    ssr: {
      build: {
        rollupOptions: {
          input: "./server/ssr-entry.ts",
          // The server bundle holds the API beside the pages, so modules the browser loads on
          // demand (common/checkout.ts behind the delivery form) are also imported statically
          // there; one server file is what is wanted, and the warning says nothing about the
          // browser build, where these imports do split.
          checks: { ineffectiveDynamicImport: false },
        },
      },
      // In development Vite runs React Router's own modules with the "development" condition;
      // @react-router/express loaded by Node instead got the production copy, whose
      // RouterContextProvider class is another one, and every page with middleware answered 500.
      // Inlining the adapter makes it use the same copy as the app.
      resolve: { noExternal: ["@react-router/express"] },
    },
  },
});
