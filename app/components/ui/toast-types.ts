/**
 * The shapes shared by ./toast.tsx (useToast, the provider) and ./toast-view.tsx (the lazily
 * loaded Radix UI Toast that draws it; storefront spec §8 "Toast variants"). Kept in a file of
 * their own so that neither of the two imports the other's types back (lint: noImportCycles).
 */

/** What a toast shows and how long for. */
export type ToastOptions = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Milliseconds before it closes by itself (default 5000). */
  duration?: number;
};

/** The toast being shown: its options and an id that restarts it when it is replaced. */
export type ToastState = ToastOptions & { id: number };
