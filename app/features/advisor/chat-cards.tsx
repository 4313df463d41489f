/**
 * Recommendation cards inside the advisor's messages (storefront spec §2 "AI treatment advisor"):
 * service cards (price badge or 'Consultation Required', reason, duration, 'View Details',
 * 'Book Now' / 'Book Consultation'), product cards ('View Product') and the booking prompt box
 * ('Book Consultation', 'View All Services'); the urgent-care box of an emergency answer.
 */
import { Clock, Phone, TriangleAlert } from "lucide-react";
import type { MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { track } from "#app/lib/tracking.ts";
import type { AdvisedProduct, AdvisedService, ChatPart } from "#common/advisor.ts";
import { isConsultationService } from "#common/catalog.ts";
import { consultationPriceNote } from "#common/consultation-price.ts";
import { formatNaira } from "#common/money.ts";

/** Offset of the booking section below the sticky header, in px (spec §9). */
const BOOKING_SCROLL_OFFSET = 80;

/** Whether a card books a consultation (spec §4 "Consultation-type services"; laser/injectables). */
export function booksConsultation(service: AdvisedService): boolean {
  return service.consultationFirst || isConsultationService(service);
}

/**
 * The contact booking link of a recommended service (spec §2 "/contact"):
 * /contact?service={name or Consultation}&category={category}#booking.
 */
export function advisorBookingHref(service: AdvisedService): string {
  const name = booksConsultation(service) ? "Consultation" : service.name;
  return `/contact?service=${encodeURIComponent(name)}&category=${encodeURIComponent(service.category)}#booking`;
}

/** Scrolls the booking section into view below the header (80 px offset). */
function scrollToBooking() {
  const target = document.getElementById("booking");
  if (!target) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({
    top: target.getBoundingClientRect().top + window.scrollY - BOOKING_SCROLL_OFFSET,
    behavior: reduce ? "auto" : "smooth",
  });
}

type CloseChat = () => void;

const secondaryLink =
  "inline-flex items-center justify-center rounded-full border border-brand-700 px-3 py-1.5 text-xs font-semibold text-brand-700 transition-colors hover:bg-brand-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const primaryLink =
  "inline-flex items-center justify-center rounded-full bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/** A recommended service. Booking closes the chat; on /contact it scrolls to the form instead. */
export function ServiceCard({
  service,
  reason,
  onClose,
}: {
  service: AdvisedService;
  reason: string;
  onClose: CloseChat;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const href = advisorBookingHref(service);
  const consultation = booksConsultation(service);
  const badge = isConsultationService(service) ? "Consultation Required" : service.priceLabel;
  // What it costs, by the rule /services and the booking form use (decision 0283).
  const note = consultationPriceNote(service);

  const onBook = (event: MouseEvent<HTMLAnchorElement>) => {
    track({ name: "advisor-usage", payload: { action: "book", recommendation: service.name } });
    onClose();
    if (location.pathname === "/contact") {
      event.preventDefault();
      navigate(href, { replace: true, preventScrollReset: true });
      // After the dialog has released the page's scroll lock.
      window.setTimeout(scrollToBooking, 50);
    }
  };

  return (
    <article className="rounded-xl border border-brand-100 bg-white p-3 text-ink shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-semibold leading-snug text-brand-900">{service.name}</h3>
        {badge && (
          <span className="shrink-0 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
            {badge}
          </span>
        )}
      </div>
      {note && <p className="mt-1 text-xs font-medium text-brand-800">{note}</p>}
      <p className="mt-1.5 text-xs leading-relaxed text-stone-700">{reason}</p>
      <p className="mt-1.5 inline-flex items-center gap-1 text-xs text-stone-600">
        <Clock className="h-3.5 w-3.5" aria-hidden />
        <span className="sr-only">Duration: </span>
        {service.duration}
      </p>
      <div className="mt-2.5 flex flex-wrap gap-2">
        <Link
          to={`/services?highlight=${service.id}`}
          className={secondaryLink}
          onClick={() => {
            track({
              name: "advisor-usage",
              payload: { action: "view-service", recommendation: service.name },
            });
            onClose();
          }}
        >
          View Details
        </Link>
        <Link to={href} className={primaryLink} onClick={onBook}>
          {consultation ? "Book Consultation" : "Book Now"}
        </Link>
      </div>
    </article>
  );
}

/** A recommended product with its image, price and 'View Product'. */
export function ProductCard({
  product,
  reason,
  onClose,
}: {
  product: AdvisedProduct;
  reason: string;
  onClose: CloseChat;
}) {
  return (
    <article className="flex gap-3 rounded-xl border border-brand-100 bg-white p-3 text-ink shadow-sm">
      <img
        src={product.image}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        className="h-16 w-16 shrink-0 rounded-lg bg-brand-50 object-cover"
        onError={(event) => {
          event.currentTarget.style.visibility = "hidden";
        }}
      />
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-semibold leading-snug text-brand-900">{product.name}</h3>
        <p className="text-sm font-semibold text-brand-700">
          <span className="sr-only">Price: </span>
          {formatNaira(product.price)}
        </p>
        <p className="mt-1 text-xs leading-relaxed text-stone-700">{reason}</p>
        <Link
          to={`/product/${product.id}`}
          className={`${secondaryLink} mt-2`}
          onClick={() => {
            track({
              name: "advisor-usage",
              payload: { action: "view-product", recommendation: product.name },
            });
            onClose();
          }}
        >
          View Product
        </Link>
      </div>
    </article>
  );
}

/** The booking prompt box at the end of an answer. */
export function BookingPrompt({ text, onClose }: { text: string; onClose: CloseChat }) {
  const location = useLocation();
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-100/60 p-3 text-ink">
      <p className="text-xs leading-relaxed text-brand-900">{text}</p>
      <div className="mt-2.5 flex flex-wrap gap-2">
        <Link
          to="/contact"
          className={primaryLink}
          onClick={(event) => {
            track({ name: "advisor-usage", payload: { action: "book-consultation" } });
            onClose();
            if (location.pathname === "/contact") {
              // Already there: bring the booking form into view instead.
              event.preventDefault();
              window.setTimeout(scrollToBooking, 50);
            }
          }}
        >
          Book Consultation
        </Link>
        <Link to="/services" className={secondaryLink} onClick={onClose}>
          View All Services
        </Link>
      </div>
    </div>
  );
}

/**
 * The call-now box under an emergency answer (issue 30): the Lagos emergency numbers and the
 * clinic's phone as tel: links, large enough to tap at 375 px. Never shown with cards or Book Now.
 */
export function UrgentCareBox({ part }: { part: Extract<ChatPart, { type: "urgent-care" }> }) {
  const call =
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800";
  return (
    <section
      aria-label={part.title}
      className="w-full rounded-xl border-2 border-red-700 bg-red-50 p-3 text-red-900"
    >
      <h3 className="flex items-center gap-2 font-bold text-sm">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        {part.title}
      </h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {part.numbers.map((n) => (
          <a
            key={n.href}
            href={n.href}
            className={`${call} bg-red-700 text-white hover:bg-red-800`}
          >
            <Phone aria-hidden="true" className="size-4" />
            {n.label}
          </a>
        ))}
        <a
          href={part.clinic.href}
          className={`${call} border border-red-700 bg-white text-red-800 hover:bg-red-100`}
        >
          <Phone aria-hidden="true" className="size-4" />
          {part.clinic.label}
        </a>
      </div>
    </section>
  );
}
