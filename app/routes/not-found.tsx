import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | Glow Haven" },
  { name: "robots", content: "noindex" },
];

/** Any unknown path (storefront spec §2 route table). */
export default function NotFound() {
  return (
    <main
      id="main"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center"
    >
      <h1 className="text-3xl font-semibold">404 Page Not Found</h1>
      <p className="text-gray-600">Did you forget to add the page to the router?</p>
      <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white">
        Back to the home page
      </Link>
    </main>
  );
}
