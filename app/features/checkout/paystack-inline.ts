/**
 * Loads Paystack's Inline JS v2 from Paystack, only when the payment step asks for it
 * (ARCHITECTURE.md: no third-party request on public pages except the payment step), and resumes
 * the transaction the server initialised, so the amount is the server's (notes/paystack.md).
 */
const SCRIPT_URL = "https://js.paystack.co/v2/inline.js";

type PaystackCallbacks = {
  onSuccess: (transaction: { reference: string }) => void;
  onCancel: () => void;
  onError: (error: { message?: string }) => void;
};
type PaystackPopInstance = {
  resumeTransaction(accessCode: string, callbacks: PaystackCallbacks): void;
};

declare global {
  interface Window {
    PaystackPop?: new () => PaystackPopInstance;
  }
}

let loading: Promise<void> | null = null;

/** Resolves once `window.PaystackPop` exists. @throws Error when the script cannot load. */
export function loadPaystackScript(): Promise<void> {
  if (window.PaystackPop) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.PaystackPop ? resolve() : reject(new Error("Payment library not loaded"));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("Payment library not loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Opens Paystack's popup for a server-initialised transaction. */
export function resumePaystackTransaction(accessCode: string, callbacks: PaystackCallbacks) {
  if (!window.PaystackPop) throw new Error("Payment library not loaded");
  new window.PaystackPop().resumeTransaction(accessCode, callbacks);
}
