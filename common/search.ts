/** The admin top-bar search: one hit per matching record (issue 6 "Shell"). */

export type SearchHit = {
  kind: "client" | "booking" | "order" | "appointment" | "staff";
  id: string;
  title: string;
  subtitle: string;
  /** Admin path that shows the record, e.g. '/admin/bookings?q=ada'. */
  href: string;
};
