import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { CONSENT_ASK_SCRIPT } from "#app/features/consent/consent-store.ts";
import { EARLY_TAP_SCRIPT, replayEarlyTap } from "#app/lib/early-taps.ts";
import { FLOAT_CLEAR_SCRIPT } from "#app/lib/float-clear.ts";
import { pageContext } from "#common/page-context.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ToastProvider } from "./components/ui/toast";
import interLatin from "./fonts/inter-latin.woff2?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // The text face, fetched early but after the stylesheet, scripts' peers and the LCP image: text
  // paints at once in the size-adjusted fallback and swaps without a shift (issue 15 "fonts not
  // on the critical path"); the stylesheet's @font-face then finds it already on its way.
  {
    rel: "preload",
    as: "font",
    type: "font/woff2",
    href: interLatin,
    crossOrigin: "anonymous",
    fetchPriority: "low",
  },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  const { nonce, origin } = context.get(pageContext);
  return { nonce, origin };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Marks the document once React has hydrated it (pages and error screens alike): browser tests
  // wait for it before they tap, since a tap before hydration reaches no handler.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    replayEarlyTap();
  }, []);
  // The browser hides nonce values from the DOM, so only the server render sets them. The head
  // scripts' text likewise: hydration keeps what the server sent (React does not patch inner HTML
  // while hydrating), and `import.meta.env.SSR` is a build-time constant, so the browser build
  // leaves the strings out of every page's first-load JavaScript (issue 33's 120 KB budget).
  const nonce = typeof document === "undefined" ? data?.nonce : undefined;
  return (
    // The head script below and hydration add data-* attributes React does not render.
    <html lang="en-NG" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this app, no user data
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? CONSENT_ASK_SCRIPT : "" }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this app, no user data
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? EARLY_TAP_SCRIPT : "" }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this app, no user data
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? FLOAT_CLEAR_SCRIPT : "" }}
        />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6f4823" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { pathname } = useLocation();
  return (
    <ToastProvider eager={pathname.startsWith("/admin")}>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">
        {notFound ? "404 Page Not Found" : "Something went wrong"}
      </h1>
      <p className="text-gray-600">
        {notFound
          ? "Did you forget to add the page to the router?"
          : "Please refresh the page or try again in a moment."}
      </p>
      <a className="text-brand-700 underline" href="/">
        Back to the home page
      </a>
    </main>
  );
}
