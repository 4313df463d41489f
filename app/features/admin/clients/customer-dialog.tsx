/**
 * The customer detail dialog (admin spec §2 "Customer detail dialog", §5, §8): on the left the
 * initial avatar, name, email and the tabs Overview, Sales (with its count), Reviews and Notes,
 * each in its own file (customer-overview.tsx, customer-sales.tsx, customer-reviews.tsx,
 * customer-notes.tsx). Clinical roles (records.read) also get Records: treatment records, signed
 * forms and photos, fetched only when that tab is opened (app/features/admin/records/
 * client-records.tsx; issue 31); the front desk neither sees the tab nor fetches anything of it.
 */
import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import {
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { ClientRecordsPanel } from "#app/features/admin/records/client-records.tsx";
import type { CalendarStaff } from "#common/calendar.ts";
import type { ClientDetail } from "#common/clients.ts";
import { NotesTab } from "./customer-notes.tsx";
import { OverviewTab } from "./customer-overview.tsx";
import type { SaleItems } from "./customer-parts.tsx";
import { ReviewsTab } from "./customer-reviews.tsx";
import { SalesTab } from "./customer-sales.tsx";

const tabClass =
  "rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100 data-[state=active]:bg-brand-100 data-[state=active]:text-brand-900";

export function CustomerDialog({
  open,
  onClose,
  detail,
  missing,
  saleItems,
  staff,
  canMerge,
  onOpenClient,
}: {
  open: boolean;
  onClose: () => void;
  /** The client's data; null while it loads. */
  detail: ClientDetail | null;
  /** The id names no client (deleted meanwhile, or a bad link). */
  missing: boolean;
  saleItems: SaleItems | null;
  staff: CalendarStaff[];
  /** Managers may merge clients and undo merges (issue 28 item 7). */
  canMerge: boolean;
  /** Opens another client's dialog (a possible duplicate, or the client kept by a merge). */
  onOpenClient: (id: number) => void;
}) {
  const [tab, setTab] = useState("overview");
  const can = useCapabilities();
  const clinical = can("records.read");
  useEffect(() => {
    if (!open) setTab("overview");
  }, [open]);
  const client = detail?.client;
  return (
    <DialogRoot open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-5xl! p-0!">
        {!detail ? (
          <div className="p-8">
            <DialogTitle className="text-lg font-semibold text-ink">
              {missing ? "Customer not found" : "Loading customer…"}
            </DialogTitle>
            <DialogDescription className="mt-2 text-sm text-gray-700">
              {missing
                ? "This customer no longer exists. They may have been deleted."
                : "Please wait."}
            </DialogDescription>
          </div>
        ) : (
          <Tabs.Root
            value={tab}
            onValueChange={setTab}
            orientation="vertical"
            className="grid md:grid-cols-[15rem_minmax(0,1fr)]"
          >
            <div className="border-b border-gray-200 bg-gray-50 p-5 md:border-b-0 md:border-r">
              <div
                aria-hidden
                className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-xl font-semibold text-white"
              >
                {(client?.name ?? "?").charAt(0).toUpperCase()}
              </div>
              <DialogTitle className="mt-3 break-words text-lg font-semibold text-ink">
                {client?.name}
              </DialogTitle>
              <DialogDescription className="break-all text-sm text-gray-700">
                {client?.email}
              </DialogDescription>
              <Tabs.List
                aria-label="Customer details"
                className="mt-4 flex flex-wrap gap-1 md:flex-col"
              >
                <Tabs.Trigger value="overview" className={tabClass}>
                  Overview
                </Tabs.Trigger>
                <Tabs.Trigger value="sales" className={tabClass}>
                  Sales{" "}
                  <span className="ml-1 rounded-full bg-white px-2 text-xs text-gray-800">
                    {detail.sales.length}
                  </span>
                </Tabs.Trigger>
                <Tabs.Trigger value="reviews" className={tabClass}>
                  Reviews
                </Tabs.Trigger>
                <Tabs.Trigger value="notes" className={tabClass}>
                  Notes
                </Tabs.Trigger>
                {clinical && (
                  <Tabs.Trigger value="records" className={tabClass}>
                    Records
                  </Tabs.Trigger>
                )}
              </Tabs.List>
            </div>
            <div className="min-w-0 p-5 sm:p-6">
              <Tabs.Content value="overview">
                <OverviewTab
                  detail={detail}
                  onDeleted={onClose}
                  saleItems={saleItems}
                  staff={staff}
                  canMerge={canMerge}
                  onOpenClient={onOpenClient}
                />
              </Tabs.Content>
              <Tabs.Content value="sales">
                <SalesTab detail={detail} saleItems={saleItems} />
              </Tabs.Content>
              <Tabs.Content value="reviews">
                <ReviewsTab detail={detail} />
              </Tabs.Content>
              <Tabs.Content value="notes">
                <NotesTab email={detail.client.email} note={detail.notes} />
              </Tabs.Content>
              {clinical && (
                <Tabs.Content value="records">
                  <ClientRecordsPanel clientId={detail.client.id} canDecide={can("health.edit")} />
                </Tabs.Content>
              )}
            </div>
          </Tabs.Root>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
