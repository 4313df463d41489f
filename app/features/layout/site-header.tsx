/**
 * The site header: contact bar, wordmark, the five navigation links, wishlist and cart links with
 * badges, 'Book Now', and the small-screen menu toggle. Compact (less padding, shadow) once the page
 * is scrolled more than 50 px (storefront spec §1, §2 "Header", §4 "Header").
 */
import { clsx } from "clsx";
import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { useScrolledPast } from "#app/lib/use-scrolled-past.ts";
import { CartLink, WishlistLink } from "./header-icon-link";
import { Logo } from "./logo";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu";
import { BOOKING_PATH, HEADER_COMPACT_AFTER_PX, NAV_ITEMS } from "./nav";
import { TopBar } from "./top-bar";

/** Sticky header; the 40 px contact bar scrolls away and the main bar stays. */
export function SiteHeader() {
  const compact = useScrolledPast(HEADER_COMPACT_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname, hash } = useLocation();

  // Close the menu whenever the location changes (back/forward, links elsewhere on the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname, hash]);

  // A tap before hydration may have opened the menu in the DOM (app/lib/early-taps.ts); keep it.
  useEffect(() => {
    if (document.getElementById(MOBILE_MENU_ID)?.hidden === false) setMenuOpen(true);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky -top-10 z-40">
      <TopBar />
      {/* The bar keeps its full height in the page flow, so going compact never shifts the page. */}
      <div className="relative h-20 lg:h-22">
        <div className="absolute inset-x-0 top-0">
          <div
            className={clsx(
              "border-b bg-white/95 backdrop-blur-md transition-[height,box-shadow,border-color] duration-300",
              compact || menuOpen
                ? "h-16 border-brand-100 shadow-md"
                : "h-20 border-transparent lg:h-22",
            )}
          >
            <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
              <Logo compact={compact} />
              <nav aria-label="Main" className="hidden lg:block">
                <ul className="flex items-center gap-1 xl:gap-2">
                  {NAV_ITEMS.map((item) => (
                    <li key={item.path}>
                      <NavLink
                        to={item.path}
                        end={item.path === "/"}
                        className={({ isActive }) =>
                          clsx(
                            "relative rounded-md px-3 py-2 text-[0.8125rem] font-medium tracking-[0.15em] transition-colors hover:text-brand-700",
                            "after:absolute after:inset-x-3 after:-bottom-0.5 after:h-px after:origin-left after:bg-brand-700 after:transition-transform",
                            isActive
                              ? "text-brand-700 after:scale-x-100"
                              : "text-brand-900 after:scale-x-0",
                          )
                        }
                      >
                        {item.name}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="flex items-center gap-1 sm:gap-2">
                <WishlistLink />
                <CartLink />
                <span className="ml-2 hidden sm:block">
                  <Link to={BOOKING_PATH} className={buttonClassName({ size: "sm" })}>
                    Book Now
                  </Link>
                </span>
                <button
                  ref={toggleRef}
                  type="button"
                  aria-expanded={menuOpen}
                  aria-controls={MOBILE_MENU_ID}
                  data-early-toggle
                  aria-label={menuOpen ? "Close menu" : "Open menu"}
                  onClick={() => setMenuOpen((open) => !open)}
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full text-brand-900 transition-colors hover:bg-brand-100 lg:hidden"
                >
                  {menuOpen ? (
                    <X className="h-6 w-6" aria-hidden />
                  ) : (
                    <Menu className="h-6 w-6" aria-hidden />
                  )}
                </button>
              </div>
            </div>
          </div>
          <MobileMenu open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        </div>
      </div>
    </header>
  );
}
