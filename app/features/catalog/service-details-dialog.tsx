/**
 * The service details dialog of /services: price, duration, the description and, for packages,
 * the 'Includes:' list as bullets; closes on Escape or a backdrop click with page scroll locked
 * (storefront spec §2 "/services").
 */
import { Check, Clock } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import {
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { findServiceCategory, type PublicService, servicePriceLabel } from "#common/catalog.ts";
import { consultationPriceNote } from "#common/consultation-price.ts";
import { serviceBookingHref, splitIncludes } from "./service-links";

type ServiceDetailsDialogProps = {
  /** The service shown; kept while the dialog animates closed. */
  service: PublicService | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Modal with one service's details and its booking link. */
export function ServiceDetailsDialog({ service, open, onOpenChange }: ServiceDetailsDialogProps) {
  return (
    <DialogRoot open={open && service !== null} onOpenChange={onOpenChange}>
      {service && <ServiceDetails service={service} onClose={() => onOpenChange(false)} />}
    </DialogRoot>
  );
}

function ServiceDetails({ service, onClose }: { service: PublicService; onClose: () => void }) {
  const price = servicePriceLabel(service);
  const note = consultationPriceNote(service);
  const category = findServiceCategory(service.category);
  const { summary, includes } = splitIncludes(service.description);
  return (
    <DialogContent>
      {category && (
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brand-600">
          {category.name}
        </p>
      )}
      <DialogTitle className="mt-2 pr-8 font-serif text-2xl text-brand-900 sm:text-3xl">
        {service.name}
      </DialogTitle>
      <dl className="mt-4 flex flex-wrap gap-3 text-sm">
        <div className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 text-stone-700">
          <dt>
            <Clock className="h-4 w-4 text-brand-600" aria-hidden />
            <span className="sr-only">Duration</span>
          </dt>
          <dd>{service.duration}</dd>
        </div>
        {price && (
          <div className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 font-semibold text-brand-800">
            <dt className="sr-only">Price</dt>
            <dd>{price}</dd>
          </div>
        )}
        {note && (
          <div className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 text-stone-700">
            <dt className="sr-only">Consultation price</dt>
            <dd>{note}</dd>
          </div>
        )}
      </dl>
      <DialogDescription className="mt-5 text-base leading-relaxed text-stone-700">
        {summary}
      </DialogDescription>
      {includes.length > 0 && (
        <div className="mt-5 rounded-xl bg-brand-50 p-5">
          <p className="text-sm font-semibold text-brand-900">Includes:</p>
          <ul className="mt-3 space-y-2">
            {includes.map((item) => (
              <li key={item} className="flex gap-2 text-sm text-stone-700">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={serviceBookingHref(service)} onClick={onClose} className={buttonClassName()}>
          Book Now
        </Link>
      </div>
    </DialogContent>
  );
}
