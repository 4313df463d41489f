/** Social brand icons as inline outline SVGs (the icon set has no brand logos). */
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

function iconProps(props: IconProps): IconProps {
  return {
    xmlns: "http://www.w3.org/2000/svg",
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
    ...props,
  };
}

/** Facebook logo (outline). */
export function FacebookIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...iconProps(props)}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </svg>
  );
}

/** Instagram logo (outline). */
export function InstagramIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...iconProps(props)}>
      <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </svg>
  );
}

/** TikTok logo (outline). */
export function TikTokIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" {...iconProps(props)}>
      <path d="M15 3c.4 2.6 2.2 4.4 5 4.6v3.2a8 8 0 0 1-5-1.6V15a6 6 0 1 1-6-6v3.3A2.7 2.7 0 1 0 11.7 15V3z" />
    </svg>
  );
}
