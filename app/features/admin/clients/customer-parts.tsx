/** What the customer dialog's tabs share: a section title, a label and its value, sale items. */
import type { ReactNode } from "react";
import type { ClientsPages } from "#common/clients.ts";

/** The services and products the Record Sale and Schedule dialogs offer. */
export type SaleItems = Awaited<ReturnType<ClientsPages["saleItems"]>>;

export function SectionTitle({ children }: { children: string }) {
  return <h3 className="mb-2 text-base font-semibold text-ink">{children}</h3>;
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-gray-700">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}
