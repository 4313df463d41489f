/**
 * Button styles shared by buttons and links that look like buttons (design system; storefront
 * spec §2 "Book Now", "View Our Treatments", "MAKE AN APPOINTMENT").
 */
import { clsx } from "clsx";
import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "outline" | "ghost" | "light" | "outline-light";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-medium tracking-wide transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700",
  outline:
    "border border-brand-700 text-brand-700 hover:bg-brand-700 hover:text-white focus-visible:outline-brand-700",
  ghost: "text-brand-700 hover:bg-brand-100 focus-visible:outline-brand-700",
  light: "bg-white text-brand-800 hover:bg-brand-100 focus-visible:outline-white",
  "outline-light":
    "border border-brand-300 text-white hover:border-white hover:bg-white hover:text-brand-900 focus-visible:outline-white",
};

const sizes: Record<ButtonSize, string> = {
  sm: "px-4 py-2 text-sm",
  md: "px-5 py-2.5 text-sm",
  lg: "px-7 py-3.5 text-base",
};

/**
 * Class names of a button-like element; use it on `<Link>` and `<a>` too. Extra `className`s
 * are appended, not merged: add spacing or width, never a colour or display that the variant sets.
 */
export function buttonClassName({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return clsx(base, variants[variant], sizes[size], className);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/** A `<button>` (type "button" unless told) in the design-system style. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, className })} {...props} />
  );
}
