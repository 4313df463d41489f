/**
 * The Radix UI Toast that shows the current toast (storefront spec §8 "Toast variants", §9):
 * one visible at a time, 5000 ms by default, swipe threshold 50 and the F8 hotkey (Radix
 * defaults), viewport at most 420 px wide from medium screens up. A separate chunk that
 * ./toast.tsx loads on the first toast, so no page pays for Radix before it shows one (issue 15).
 */
import { clsx } from "clsx";
import { X } from "lucide-react";
import { Toast } from "radix-ui";
import type { ToastState } from "./toast-types.ts";

/** What marks the control that dismisses a dialog (its close button, an alert's Cancel). */
const DISMISS_ATTRIBUTE = "data-dismiss";

/**
 * Escape pressed while a toast shows over an open dialog closes the dialog, as when no toast
 * shows: a toast is not modal. Radix gives Escape to the newest layer, and a toast that appears
 * after the dialog opened (most do: they report what the dialog did) would take it, so a first
 * Escape only hid the notification. The dialog on top (the last one in the document: dialogs are
 * portalled to the end of the body in the order they open) is closed by its own dismiss control,
 * as Escape would. Escape pressed with the focus in the toast (F8), or with no dialog open, still
 * closes the toast.
 */
function escapeToDialog(event: KeyboardEvent) {
  const target = event.target;
  if (target instanceof Element && target.closest("[data-toast]")) return;
  const open = document.querySelectorAll(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  );
  const dismiss = open[open.length - 1]?.querySelector<HTMLElement>(`[${DISMISS_ATTRIBUTE}]`);
  if (!dismiss) return;
  event.preventDefault();
  dismiss.click();
}

/** The Radix provider, the current toast (if any) and the viewport. */
export default function ToastView({
  current,
  onClosed,
}: {
  current: ToastState | null;
  /** Called with the toast's id once it has closed (timer, swipe or the close button). */
  onClosed: (id: number) => void;
}) {
  return (
    <Toast.Provider duration={5000} swipeDirection="right" label="Notification">
      {current && (
        <Toast.Root
          key={current.id}
          duration={current.duration}
          data-toast=""
          onEscapeKeyDown={escapeToDialog}
          onOpenChange={(open) => {
            if (!open) onClosed(current.id);
          }}
          className={clsx(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-out",
            current.variant === "destructive"
              ? "border-red-700 bg-red-700 text-white"
              : "border-brand-200 bg-white text-ink",
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
            {current.description && (
              <Toast.Description className="text-sm opacity-90">
                {current.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col-reverse gap-2 p-4 outline-none md:max-w-[420px]" />
    </Toast.Provider>
  );
}
