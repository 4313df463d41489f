/** /wishlist: products saved in this browser (storefront spec §2 "/wishlist"). */
import { WishlistView } from "#app/features/wishlist/wishlist-view.tsx";
import type { Route } from "./+types/wishlist";

export const meta: Route.MetaFunction = () => [
  { title: "Your Wishlist | Glow Haven" },
  { name: "robots", content: "noindex" },
];

export default function WishlistPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="mb-8 font-serif text-3xl text-brand-900 sm:text-4xl">My Wishlist</h1>
      <WishlistView />
    </main>
  );
}
