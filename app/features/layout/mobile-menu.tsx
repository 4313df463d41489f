/**
 * The small-screen menu: the same five links plus Book Now, at most 500 px tall and scrollable;
 * choosing a link closes it (storefront spec §2 "Header", §4 "Header", §9).
 */
import { clsx } from "clsx";
import { Link, NavLink } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { BOOKING_PATH, NAV_ITEMS } from "./nav";
import { SocialLinks } from "./social-links";

export const MOBILE_MENU_ID = "mobile-menu";

/** The collapsible menu below the header bar; hidden from large screens up. */
export function MobileMenu({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  return (
    <nav
      id={MOBILE_MENU_ID}
      aria-label="Mobile"
      hidden={!open}
      className="max-h-[500px] overflow-y-auto border-b border-brand-100 bg-white shadow-lg lg:hidden"
    >
      <ul className="mx-auto flex max-w-7xl flex-col px-4 py-3 sm:px-6">
        {NAV_ITEMS.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              end={item.path === "/"}
              onClick={onNavigate}
              className={({ isActive }) =>
                clsx(
                  "flex items-center justify-between rounded-lg px-3 py-3 text-sm font-medium tracking-[0.15em] transition-colors hover:bg-brand-50",
                  isActive ? "bg-brand-50 text-brand-700" : "text-brand-900",
                )
              }
            >
              {item.name}
            </NavLink>
          </li>
        ))}
        <li className="mt-3 px-3">
          <Link
            to={BOOKING_PATH}
            onClick={onNavigate}
            className={buttonClassName({ size: "lg", className: "w-full" })}
          >
            Book Now
          </Link>
        </li>
        <li className="mt-4 flex justify-center pb-2">
          <SocialLinks
            className="gap-2"
            linkClassName="rounded-full border border-brand-200 p-2.5 text-brand-700 hover:bg-brand-700 hover:text-white"
          />
        </li>
      </ul>
    </nav>
  );
}
