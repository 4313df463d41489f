/**
 * A treatment card on /services: name, duration, price label, a clamped description, 'View
 * Details' and 'Book Now' (storefront spec §2 "/services", §4 "Consultation-type services", §9);
 * under the price, what a consultation costs by the one rule (decision 0283).
 */
import { clsx } from "clsx";
import { Clock } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { type PublicService, servicePriceLabel } from "#common/catalog.ts";
import { consultationPriceNote } from "#common/consultation-price.ts";
import { serviceBookingHref } from "./service-links";

type ServiceCardProps = {
  service: PublicService;
  highlighted?: boolean;
  onViewDetails: (service: PublicService) => void;
};

/** One service as a card; `highlighted` draws a ring (from ?highlight={id}). */
export function ServiceCard({ service, highlighted = false, onViewDetails }: ServiceCardProps) {
  const price = servicePriceLabel(service);
  const note = consultationPriceNote(service);
  return (
    <article
      id={`service-${service.id}`}
      aria-labelledby={`service-${service.id}-name`}
      className={clsx(
        "flex scroll-mt-32 flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow duration-300 hover:shadow-lg",
        highlighted
          ? "border-brand-600 bg-brand-50 shadow-lg ring-2 ring-brand-600 ring-offset-4"
          : "border-brand-100",
      )}
      data-highlighted={highlighted || undefined}
    >
      <div className="flex items-start justify-between gap-4">
        <h3
          id={`service-${service.id}-name`}
          className="font-serif text-xl leading-snug text-brand-900"
        >
          {service.name}
        </h3>
        {highlighted && (
          <span className="shrink-0 rounded-full bg-brand-700 px-2.5 py-1 text-[0.6875rem] font-semibold uppercase tracking-wider text-white">
            Recommended
          </span>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="inline-flex items-center gap-1.5 text-stone-600">
          <Clock className="h-4 w-4 text-brand-600" aria-hidden />
          <span className="sr-only">Duration: </span>
          {service.duration}
        </span>
        {price && (
          <span className="font-semibold text-brand-700">
            <span className="sr-only">Price: </span>
            {price}
          </span>
        )}
      </div>
      {note && (
        <p className="mt-1.5 text-sm text-stone-700">
          <span className="sr-only">Consultation price: </span>
          {note}
        </p>
      )}
      <p className="mt-4 line-clamp-3 flex-1 text-sm leading-relaxed text-stone-600">
        {service.description}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          variant="outline"
          size="sm"
          id={`view-details-${service.id}`}
          data-early-replay
          aria-label={`View Details: ${service.name}`}
          onClick={() => onViewDetails(service)}
        >
          View Details
        </Button>
        <Link
          to={serviceBookingHref(service)}
          aria-label={`Book Now: ${service.name}`}
          className={buttonClassName({ size: "sm" })}
        >
          Book Now
        </Link>
      </div>
    </article>
  );
}
