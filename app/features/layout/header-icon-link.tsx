/**
 * The wishlist and cart icon links of the header with their count badges
 * (storefront spec §2 "Header", §4 "Cart" badge = distinct lines, "Wishlist" badge = length).
 */
import { clsx } from "clsx";
import { Heart, ShoppingBag } from "lucide-react";
import { NavLink } from "react-router";
import { useCartCount, useWishlistCount } from "#app/lib/storage-counts.ts";
import { pluralize } from "#app/lib/text.ts";

type HeaderIconLinkProps = {
  to: string;
  label: string;
  count: number;
  icon: typeof Heart;
};

function HeaderIconLink({ to, label, count, icon: Icon }: HeaderIconLinkProps) {
  return (
    <NavLink
      to={to}
      aria-label={`${label}, ${pluralize(count, "item")}`}
      className={({ isActive }) =>
        clsx(
          "relative inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors hover:bg-brand-100",
          isActive ? "text-brand-700" : "text-brand-900",
        )
      }
    >
      <Icon className="h-5 w-5" aria-hidden />
      {count > 0 && (
        <span
          aria-hidden
          className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-[0.6875rem] font-semibold leading-none text-white ring-2 ring-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </NavLink>
  );
}

/** Link to /wishlist with the stored wishlist's length. */
export function WishlistLink() {
  return <HeaderIconLink to="/wishlist" label="Wishlist" count={useWishlistCount()} icon={Heart} />;
}

/** Link to /cart with the number of distinct stored cart lines. */
export function CartLink() {
  return <HeaderIconLink to="/cart" label="Cart" count={useCartCount()} icon={ShoppingBag} />;
}
