/**
 * Modal dialog on Radix UI's Dialog: closes on Escape and on a click on the backdrop, locks page
 * scroll while open, traps focus, returns focus to the element that opened it (also when opened
 * without a Dialog.Trigger), and has a close button named 'Close dialog'
 * (storefront spec §2 "/services" details dialog).
 */
import { clsx } from "clsx";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useRef } from "react";

export const DialogRoot = Dialog.Root;
export const DialogTitle = Dialog.Title;
export const DialogDescription = Dialog.Description;

type DialogContentProps = {
  children: ReactNode;
  className?: string;
  /** Visible title bar content is up to the caller; this only adds the close button. */
  closeLabel?: string;
};

/** The portalled backdrop, the centred panel and its close button. */
export function DialogContent({
  children,
  className,
  closeLabel = "Close dialog",
}: DialogContentProps) {
  // The element focused before opening, to return focus to on close.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-brand-900/60 backdrop-blur-sm transition-opacity duration-300 starting:opacity-0" />
      <Dialog.Content
        onOpenAutoFocus={() => {
          returnFocus.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (!returnFocus.current?.isConnected) return;
          event.preventDefault();
          returnFocus.current.focus();
        }}
        className={clsx(
          "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl transition duration-300 starting:scale-95 starting:opacity-0 sm:p-8",
          className,
        )}
      >
        {children}
        <Dialog.Close
          aria-label={closeLabel}
          data-dismiss=""
          className="absolute right-3 top-3 rounded-full p-2 text-stone-600 transition-colors hover:bg-brand-100 hover:text-brand-900"
        >
          <X className="h-5 w-5" aria-hidden />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
