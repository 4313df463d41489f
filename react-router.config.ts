import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering: public pages must arrive as real HTML (search engines, link previews).
  ssr: true,
} satisfies Config;
