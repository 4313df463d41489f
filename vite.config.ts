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
    String.raw`app[\/]features[\/](layout[\/](?!lazy-map)|consent[\/](?!meta-pixel)|seo[\/](?!product-json-ld))`,
    String.raw`app[\/]features[\/]advisor[\/]advisor-launcher`,
    String.raw`app[\/]features[\/]cart[\/](cart-context|cart-store)`,
    String.raw`app[\/]features[\/]wishlist[\/]wishlist-store`,
    String.raw`app[\/]features[\/]catalog[\/]service-links`,
    String.raw`app[\/]components[\/]ui[\/](button|toast|section-heading|social-icons)\.`,
    String.raw`app[\/]lib[\/](money-text|scroll|storage-counts|text|tracking|use-)`,
    String.raw`common[\/](catalog|money|business|page-context)\.`,
    String.raw`node_modules[\/]clsx[\/]`,
  ].join("|"),
);
/** The product cards and pictures of the home page, /shop, /product, the cart and wishlist. */
const CATALOG =
  /app[/]features[/](catalog[/](product-card|rating|stock-status|pagination)|cart[/](card-add-to-cart|cart-fields|quantity-stepper))|app[/]components[/]ui[/]fallback-image\.|app[/]lib[/]responsive-image\.|app[/]generated[/]/;
/**
 * The booking form's slots and its Lagos-date arithmetic (common/lagos-date.ts, the engine-free
 * part of lagos-time.ts): one small file for the pages with the booking form, not a piece of the
 * back office's lagos-time chunk nor of every page's storefront chunk. The deposit rule and the
 * consultation price join them, so /contact loads one file where it loaded three.
 */
const BOOKING_SLOTS = /common[/](booking-slots|lagos-date|deposits|consultation-price)\./;
/** The forms of /contact, /checkout and the home page: @mantine/form and its helpers. */
const FORMS =
  /node_modules[/](@mantine[/]form|klona|fast-deep-equal)[/]|app[/]components[/]ui[/]form-field\.|app[/]lib[/]public-form\./;
/**
 * The browser's API client, on its own: the product page and the cart read live stock with it
 * and have no form; grouped with the forms it brought @mantine/form (7 KB on the wire) into
 * their first load (issue 33's 120 KB budget).
 */
const API = /app[/]lib[/](api|health-override)\./;
/**
 * What the cart, the checkout and the payment-success page share: delivery costs, the payment
 * messages, the order payload and the stored success message, as one file on those pages rather
 * than four small ones, and out of the shell the other public pages load. The checkout's lock
 * icon too, which it shares only with the back office's calendar (a file of its own otherwise).
 */
const ORDERS =
  /common[/](shipping|payment-messages|checkout-payload)\.|app[/]features[/]checkout[/]success-message\.|lucide-react[/]dist[/]esm[/]icons[/]lock\./;

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
            { name: "api", test: API, priority: 4 },
            { name: "orders", test: ORDERS, priority: 3 },
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
