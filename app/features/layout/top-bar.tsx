/**
 * The thin contact bar above the header: opening hours, phone, address and social links
 * (storefront spec §1 "top contact bar", §9 opening hours).
 */
import { Clock, MapPin, Phone } from "lucide-react";
import { BUSINESS } from "#common/business.ts";
import { SocialLinks } from "./social-links";

/** 'tel:' address of the clinic's phone number. */
export const PHONE_HREF = `tel:${BUSINESS.phone.replace(/\s+/g, "")}`;

/** Opening hours as the contact bar and footer show them: 'Mon-Sat 10:00 AM - 7:00 PM'. */
export const OPENING_HOURS_TEXT = `Mon-Sat ${BUSINESS.openingHours.weekdays}`;

/** Fixed-height (40 px) contact bar; the sticky header hides it once scrolled. */
export function TopBar() {
  return (
    <div className="h-10 overflow-hidden bg-brand-900 text-xs text-brand-100">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <ul className="flex min-w-0 items-center gap-4 sm:gap-6">
          <li className="flex items-center gap-1.5 whitespace-nowrap">
            <Clock className="h-3.5 w-3.5 shrink-0 text-brand-300" aria-hidden />
            <span>{OPENING_HOURS_TEXT}</span>
          </li>
          <li>
            <a
              href={PHONE_HREF}
              className="flex items-center gap-1.5 whitespace-nowrap transition-colors hover:text-white"
            >
              <Phone className="h-3.5 w-3.5 shrink-0 text-brand-300" aria-hidden />
              <span>{BUSINESS.phone}</span>
            </a>
          </li>
          <li className="hidden min-w-0 items-center gap-1.5 lg:flex">
            <MapPin className="h-3.5 w-3.5 shrink-0 text-brand-300" aria-hidden />
            <span className="truncate">{BUSINESS.address}</span>
          </li>
        </ul>
        <SocialLinks
          className="hidden gap-1 sm:flex"
          linkClassName="rounded-full p-1.5 text-brand-200 hover:bg-brand-800 hover:text-white"
          iconClassName="h-3.5 w-3.5"
        />
      </div>
    </div>
  );
}
