/**
 * Toasts on Radix UI's Toast: one visible at a time, 5000 ms by default, swipe threshold 50 and the
 * F8 hotkey (Radix defaults), viewport at most 420 px wide from medium screens up (storefront spec
 * §8 "Toast variants", §9).
 */
import { clsx } from "clsx";
import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Milliseconds before it closes by itself (default 5000). */
  duration?: number;
};

type ToastState = ToastOptions & { id: number };

const ToastContext = createContext<((toast: ToastOptions) => void) | null>(null);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const show = useCallback((toast: ToastOptions) => setCurrent({ ...toast, id: nextId++ }), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider duration={5000} swipeDirection="right" label="Notification">
        {children}
        {current && (
          <Toast.Root
            key={current.id}
            duration={current.duration}
            onOpenChange={(open) => {
              if (!open) setCurrent((t) => (t?.id === current.id ? null : t));
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
    </ToastContext.Provider>
  );
}

/** Shows a toast, replacing any visible one. */
export function useToast(): (toast: ToastOptions) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used within a ToastProvider");
  return show;
}
