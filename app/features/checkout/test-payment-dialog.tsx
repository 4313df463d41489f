/**
 * The in-app 'Test payment' dialog of test-payment mode (no Paystack keys configured;
 * ARCHITECTURE.md "Payments without keys"): clearly labelled, with Approve, Decline and Cancel.
 * No card is asked for and no money moves; the server verifies the outcome through the same path
 * as a Paystack payment.
 */
import { Dialog } from "radix-ui";
import { formatTotal } from "#app/lib/money-text.ts";

export function TestPaymentDialog({
  open,
  amount,
  reference,
  onApprove,
  onDecline,
  onCancel,
}: {
  open: boolean;
  amount: number;
  reference: string;
  onApprove: () => void;
  onDecline: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-brand-900/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-amber-900">
            Test mode: no real money
          </p>
          <Dialog.Title className="mt-3 font-serif text-2xl text-brand-900">
            Test payment
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-700">
            Online card payments are not set up on this site yet, so this stands in for the card
            payment window. Choose what the payment of{" "}
            <strong className="text-ink">{formatTotal(amount)}</strong> should do.
          </Dialog.Description>
          <p className="mt-2 break-all text-xs text-stone-600">Reference: {reference}</p>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              onClick={onApprove}
              className="flex-1 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Approve
            </button>
            <button
              type="button"
              onClick={onDecline}
              className="flex-1 rounded-full border border-red-700 px-5 py-2.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            >
              Decline
            </button>
            <button
              type="button"
              onClick={onCancel}
              data-dismiss=""
              className="flex-1 rounded-full border border-gray-300 px-5 py-2.5 text-sm font-medium text-ink hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Cancel
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
