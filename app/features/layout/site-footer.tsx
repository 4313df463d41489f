/**
 * The site footer: about blurb and social links, quick links, treatment anchors on /services,
 * contact details with opening hours ('Mon-Sat' with the weekday hours), and the legal links
 * (storefront spec §2 "Footer"). Also hosts the floating scroll-to-top button.
 */
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CookieSettingsButton } from "#app/features/consent/cookie-consent.tsx";
import { BUSINESS } from "#common/business.ts";
import { findServiceCategory } from "#common/catalog.ts";
import { Logo } from "./logo";
import { SocialLinks } from "./social-links";
import { PHONE_HREF } from "./top-bar";

const QUICK_LINKS = [
  { name: "Home", path: "/" },
  { name: "About Us", path: "/about" },
  { name: "Treatments", path: "/services" },
  { name: "Shop", path: "/shop" },
  { name: "Book an Appointment", path: "/contact#booking" },
  { name: "Contact Us", path: "/contact" },
  { name: "Privacy Policy", path: "/privacy" },
  { name: "Terms & Conditions", path: "/terms" },
];

const FOOTER_SERVICE_IDS = ["facial", "injectable-treatments", "body", "laser", "dental"];

const SERVICE_LINKS = [
  ...FOOTER_SERVICE_IDS.map((id) => ({
    name: findServiceCategory(id)?.name ?? id,
    path: `/services#${id}-services`,
  })),
  { name: "View All Services", path: "/services" },
];

const LEGAL_LINKS = [
  { name: "Privacy", path: "/privacy-policy" },
  { name: "Terms of Service", path: "/terms-of-service" },
  { name: "Cookie Policy", path: "/cookie-policy" },
];

const linkClass =
  "rounded-sm text-sm text-brand-200 transition-colors hover:text-white hover:underline underline-offset-4";

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-5 text-xs font-semibold uppercase tracking-[0.25em] text-white">{title}</h2>
      {children}
    </div>
  );
}

function LinkList({ label, links }: { label: string; links: { name: string; path: string }[] }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-3">
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path} className={linkClass}>
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactDetails() {
  const item = "flex gap-3 text-sm text-brand-200";
  const icon = "mt-0.5 h-4 w-4 shrink-0 text-brand-300";
  return (
    <address className="space-y-4 not-italic">
      <p className={item}>
        <MapPin className={icon} aria-hidden />
        <span>{BUSINESS.address}</span>
      </p>
      <p className={item}>
        <Phone className={icon} aria-hidden />
        <a href={PHONE_HREF} className={linkClass}>
          {BUSINESS.phone}
        </a>
      </p>
      <p className={item}>
        <Mail className={icon} aria-hidden />
        <a href={`mailto:${BUSINESS.email}`} className={linkClass}>
          {BUSINESS.email}
        </a>
      </p>
      <div className={item}>
        <Clock className={icon} aria-hidden />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium text-white">Mon-Sat</dt>
          <dd>{BUSINESS.openingHours.weekdays}</dd>
          <dt className="font-medium text-white">Sunday</dt>
          <dd>{BUSINESS.openingHours.sunday}</dd>
        </dl>
      </div>
    </address>
  );
}

/** The footer landmark of every public page. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr] lg:px-8">
        <div className="space-y-5">
          <Logo tone="light" />
          <p className="max-w-xs text-sm leading-relaxed text-brand-200">
            Medical-grade skincare, aesthetics and wellness in the heart of Victoria Island. Expert
            care for every skin tone, in a calm space made for you.
          </p>
          <SocialLinks
            className="gap-2"
            linkClassName="rounded-full border border-brand-700 p-2.5 text-brand-100 hover:border-brand-300 hover:bg-brand-800 hover:text-white"
          />
        </div>
        <FooterColumn title="Quick Links">
          <LinkList label="Quick links" links={QUICK_LINKS} />
        </FooterColumn>
        <FooterColumn title="Our Treatments">
          <LinkList label="Treatments" links={SERVICE_LINKS} />
        </FooterColumn>
        <FooterColumn title="Visit Us">
          <ContactDetails />
        </FooterColumn>
      </div>
      {/* The bottom padding keeps the legal links clear of the floating buttons at the page end. */}
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 pt-6 pb-20 text-xs text-brand-200 sm:flex-row sm:px-6 sm:pb-24 lg:px-8">
          <p>
            &copy; {year} {BUSINESS.name}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
              {LEGAL_LINKS.map((link) => (
                <li key={link.path}>
                  <Link to={link.path} className={linkClass.replace("text-sm", "text-xs")}>
                    {link.name}
                  </Link>
                </li>
              ))}
              <li>
                <CookieSettingsButton className={linkClass.replace("text-sm", "text-xs")} />
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
