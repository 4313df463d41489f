/** Button looks of the back office, as class strings for <button> and <Link> alike. */
export const adminButton = {
  primary:
    "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-50",
  outline:
    "inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-50",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-50",
  solidDanger:
    "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-50",
} as const;
