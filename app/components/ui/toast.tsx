/**
 * Toasts (storefront spec §8 "Toast variants", §9): `useToast()` shows one, replacing any
 * visible one. The Radix UI Toast that draws it (./toast-view.tsx) is a separate chunk loaded on
 * the first toast, which always follows a visitor's action, so it stays out of every page's
 * first load (issue 15 "fewer, larger chunks on first load"); once loaded it stays mounted.
 * `eager` (the back office, where toasts follow most actions) mounts it right after hydration
 * instead: a toast's layer mounted a moment after a dialog opens would sit above it, and Escape
 * would close the toast instead of the dialog the user is in.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
} from "react";
import type { ToastOptions, ToastState } from "./toast-types.ts";

export type { ToastOptions };

const ToastContext = createContext<((toast: ToastOptions) => void) | null>(null);

const loadToastView = () => import("./toast-view");
const ToastView = lazy(loadToastView);

let nextId = 1;

export function ToastProvider({
  children,
  eager = false,
}: {
  children: ReactNode;
  eager?: boolean;
}) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (eager) setLoaded(true);
  }, [eager]);
  const show = useCallback((toast: ToastOptions) => {
    setLoaded(true);
    setCurrent({ ...toast, id: nextId++ });
  }, []);
  const onClosed = useCallback((id: number) => setCurrent((t) => (t?.id === id ? null : t)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <ToastView current={current} onClosed={onClosed} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

/** Shows a toast, replacing any visible one. */
export function useToast(): (toast: ToastOptions) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used within a ToastProvider");
  return show;
}
