/**
 * The frame of every admin form dialog: the title, a `<form>` (a two-column grid by default), and
 * the Cancel / submit footer whose submit button reads `pendingLabel` while the change runs.
 *
 * Closing it (Escape, the backdrop, the close button or Cancel) while `dirty` first asks
 * "Discard changes?" in the kit's confirm dialog; a pristine form, or one whose change is being
 * saved, closes at once. A successful save closes it through the caller's `onOpenChange(false)`,
 * which is not guarded. Titles and button texts are the caller's, because they are the spec's.
 */
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import { DialogContent, DialogRoot, DialogTitle } from "#app/components/ui/dialog.tsx";
import { adminButton } from "./buttons.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

export type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The form's submit handler, e.g. react-hook-form's `handleSubmit(save)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** Whether the form holds unsaved changes (react-hook-form's `formState.isDirty`). */
  dirty: boolean;
  /** True while the change runs: the submit button is disabled and reads `pendingLabel`. */
  pending: boolean;
  submitLabel: string;
  /** Default 'Saving...'. */
  pendingLabel?: string;
  submitDisabled?: boolean;
  /** Buttons before Cancel in the footer (e.g. Delete). */
  extraActions?: ReactNode;
  /** The dialog panel's classes (its width); default max-w-xl. */
  className?: string;
  /** The form's classes; default a grid of two columns from the sm width. */
  formClassName?: string;
  /** The footer's classes; default right-aligned over both grid columns. */
  footerClassName?: string;
  /** Whether the browser's own checks are off (default: the schema checks instead). */
  noValidate?: boolean;
  /** Content between the title and the form (e.g. a description). */
  intro?: ReactNode;
  children: ReactNode;
};

export function FormDialog({
  open,
  onOpenChange,
  title,
  onSubmit,
  dirty,
  pending,
  submitLabel,
  pendingLabel = "Saving...",
  submitDisabled,
  extraActions,
  className = "max-w-xl",
  formClassName = "mt-4 grid gap-4 sm:grid-cols-2",
  footerClassName = "flex justify-end gap-2 sm:col-span-2",
  noValidate = true,
  intro,
  children,
}: FormDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const requestOpenChange = (next: boolean) => {
    if (!next && dirty && !pending) setConfirming(true);
    else onOpenChange(next);
  };

  return (
    <DialogRoot open={open} onOpenChange={requestOpenChange}>
      <DialogContent className={className}>
        <DialogTitle className="text-xl font-semibold text-ink">{title}</DialogTitle>
        {intro}
        <form noValidate={noValidate} onSubmit={onSubmit} className={formClassName}>
          {children}
          <div className={footerClassName}>
            {extraActions}
            <button
              type="button"
              className={adminButton.outline}
              onClick={() => requestOpenChange(false)}
            >
              Cancel
            </button>
            <button
              type="submit"
              className={adminButton.primary}
              disabled={pending || submitDisabled}
            >
              {pending ? pendingLabel : submitLabel}
            </button>
          </div>
        </form>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Discard changes?"
          description="You have unsaved changes. Close without saving them?"
          confirmLabel="Discard changes"
          onConfirm={() => {
            setConfirming(false);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </DialogRoot>
  );
}
