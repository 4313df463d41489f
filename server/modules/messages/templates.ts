/**
 * The clinic's message templates (issue 17): each event's email (HTML with a plain-text part,
 * rendered by React Email in the clinic's style, email-layout.ts) and WhatsApp template call.
 * Builders return `NewMessage`s for `enqueueMessage`; they never send. Wording follows the
 * existing emails (server/modules/orders/emails.ts, reviews/service.ts): 'Dear …', the clinic's
 * name and address, 'Questions? Call … or write to …'. Times are shown in Lagos time
 * (formatLagosDateTime).
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { BUSINESS } from "#common/business.ts";
import { BOOKING_FEE } from "#common/catalog.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import { formatNaira } from "#common/money.ts";
import { type Block, type RenderedEmail, renderEmail } from "./email-layout.ts";
import type {
  MessageAttachment,
  MessagePayload,
  MessageRefs,
  NewMessage,
  WhatsAppTemplateCall,
} from "./service.ts";

/** Google Maps link to the clinic (BUSINESS.mapQuery), for confirmations and reminders. */
export const CLINIC_MAP_URL = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(BUSINESS.mapQuery)}`;

/**
 * Storefront spec §9, word for word: the booking fee and the booking policy every booking
 * acknowledgement quotes.
 */
export const BOOKING_FEE_TEXT = `Booking fee: non-refundable, ${formatNaira(BOOKING_FEE)} to secure an appointment.`;
export const BOOKING_POLICY_TEXT =
  "Policy: book 24 hours ahead; cancellations need 24 hours notice; free consultation for first-time clients.";

/**
 * The WhatsApp templates to create in WhatsApp Manager (category UTILITY, language 'en'): name →
 * what each body parameter {{1}}, {{2}}… holds, in order (docs/deployment.md).
 */
export const WHATSAPP_TEMPLATES = {
  booking_received: [
    "client's name",
    "service",
    "requested time (Lagos)",
    "booking fee and policy",
  ],
  booking_received_clinic: [
    "client's name",
    "service",
    "requested time (Lagos)",
    "client's phone",
    "link to /admin/bookings",
  ],
  appointment_confirmed: ["client's name", "service", "time (Lagos)", "address", "map link"],
  appointment_rescheduled: ["client's name", "service", "new time (Lagos)", "address", "map link"],
  appointment_cancelled: ["client's name", "service", "time (Lagos)", "clinic phone"],
  appointment_reminder: ["client's name", "service", "time (Lagos)", "address", "map link"],
  order_shipped: ["client's name", "order number", "delivery city and state"],
  order_cancelled: ["client's name", "order number", "clinic phone"],
  review_request: ["client's name", "service", "signed review link"],
  forms_request: ["client's name", "service", "time (Lagos)", "signed forms link"],
} as const;
export type WhatsAppTemplateName = keyof typeof WHATSAPP_TEMPLATES;

function whatsapp(name: WhatsAppTemplateName, bodyParams: string[]): WhatsAppTemplateCall {
  return { name, language: "en", bodyParams };
}

/**
 * A client's email about `event`, and the same news by WhatsApp when they gave a phone number:
 * the pair every client-facing message of this file is. Both carry `template` and `refs`.
 */
function clientMessages(
  base: { event: string; template: string; refs: MessageRefs },
  email: { to: string; rendered: RenderedEmail; payload?: MessagePayload },
  chat: { to: string; subject: string; text: string; call: WhatsAppTemplateCall },
): NewMessage[] {
  const messages: NewMessage[] = [
    { ...base, channel: "email", to: email.to, ...email.rendered, payload: email.payload },
  ];
  if (chat.to.trim()) {
    messages.push({
      ...base,
      channel: "whatsapp",
      to: chat.to,
      subject: chat.subject,
      text: chat.text,
      payload: { whatsapp: chat.call },
    });
  }
  return messages;
}

// ---------------------------------------------------------------------------------------------
// Booking request received (issue 17; storefront spec §9 for the fee and policy)

/** A booking request as the acknowledgement needs it (times are UTC instants). */
export type BookingForMessage = {
  id: number;
  name: string;
  email: string;
  phone: string;
  serviceName: string;
  date: Date;
  message: string | null;
};

/**
 * The messages for a new booking request: the client's email (what was asked, what happens next,
 * the §9 fee and policy) and WhatsApp when they gave a phone number; the clinic's email to
 * BUSINESS.email and WhatsApp to `clinicWhatsApp` when configured, each with a link to the
 * request in /admin/bookings.
 * @param origin the site's origin for links, e.g. 'https://glowhaven.ng'.
 */
export async function bookingReceivedMessages(
  booking: BookingForMessage,
  options: { origin: string; clinicWhatsApp?: string | null },
): Promise<NewMessage[]> {
  const received: BookingReceived = {
    booking,
    when: formatLagosDateTime(booking.date),
    event: `booking-received:${booking.id}`,
    refs: { clientEmail: booking.email, bookingId: booking.id },
    adminLink: `${options.origin}/admin/bookings?q=${encodeURIComponent(booking.email)}`,
  };
  const messages = [
    await bookingReceivedClientEmail(received),
    await bookingReceivedClinicEmail(received),
  ];
  if (booking.phone.trim()) messages.push(bookingReceivedClientWhatsApp(received));
  if (options.clinicWhatsApp) {
    messages.push(bookingReceivedClinicWhatsApp(received, options.clinicWhatsApp));
  }
  return messages;
}

/**
 * What every booking-received message shares: the request, its time as Lagos text, the event
 * (the idempotency key's first part), the client's refs and the link to it in /admin/bookings.
 */
type BookingReceived = {
  booking: BookingForMessage;
  when: string;
  event: string;
  refs: MessageRefs;
  adminLink: string;
};

/** The client's email: what was asked, what happens next, the §9 fee and policy. */
async function bookingReceivedClientEmail(received: BookingReceived): Promise<NewMessage> {
  const { booking, when, event, refs } = received;
  const client = await renderEmail(
    `We have received your booking request | ${BUSINESS.shortName}`,
    [
      `Dear ${booking.name},`,
      `Thank you for your booking request at ${BUSINESS.name}. You asked for:`,
      { lines: [`Service: ${booking.serviceName}`, `Date and time: ${when} (Lagos time)`] },
      ...(booking.message ? [`Your message: ${booking.message}`] : []),
      "What happens next: our team will call or message you to confirm your appointment. Your appointment is confirmed only once we have confirmed it with you.",
      BOOKING_FEE_TEXT,
      BOOKING_POLICY_TEXT,
      `Questions? Call ${BUSINESS.phone} or write to ${BUSINESS.email}.`,
      "Warm regards,",
    ],
  );
  return {
    event,
    channel: "email",
    to: booking.email,
    template: "booking-received-client",
    ...client,
    payload: { data: { bookingId: booking.id, serviceName: booking.serviceName, when } },
    refs,
  };
}

/** The clinic's email to BUSINESS.email: the request's details and a link to it in the admin. */
async function bookingReceivedClinicEmail(received: BookingReceived): Promise<NewMessage> {
  const { booking, when, event, adminLink } = received;
  const clinic = await renderEmail(`New booking request #${booking.id} from ${booking.name}`, [
    "A new booking request has arrived from the website.",
    {
      lines: [
        `Client: ${booking.name}`,
        `Email: ${booking.email}`,
        `Phone: ${booking.phone}`,
        `Service: ${booking.serviceName}`,
        `Requested time: ${when} (Lagos time)`,
        ...(booking.message ? [`Message: ${booking.message}`] : []),
      ],
    },
    { link: adminLink, label: "Open the request in the admin" },
  ]);
  return {
    event,
    channel: "email",
    to: BUSINESS.email,
    template: "booking-received-clinic",
    ...clinic,
    payload: { data: { bookingId: booking.id, adminLink } },
    refs: { bookingId: booking.id },
  };
}

/** The client's WhatsApp (template booking_received), for a request with a phone number. */
function bookingReceivedClientWhatsApp(received: BookingReceived): NewMessage {
  const { booking, when, event, refs } = received;
  const params = [
    booking.name,
    booking.serviceName,
    when,
    `${BOOKING_FEE_TEXT} ${BOOKING_POLICY_TEXT}`,
  ];
  return {
    event,
    channel: "whatsapp",
    to: booking.phone,
    template: "booking-received-client",
    subject: "Booking request received",
    text: `Dear ${booking.name}, thank you for your booking request at ${BUSINESS.name} for ${booking.serviceName} on ${when}. Our team will call or message you to confirm. ${BOOKING_FEE_TEXT} ${BOOKING_POLICY_TEXT}`,
    payload: { whatsapp: whatsapp("booking_received", params) },
    refs,
  };
}

/** The clinic's WhatsApp to `to` (template booking_received_clinic), with the admin link. */
function bookingReceivedClinicWhatsApp(received: BookingReceived, to: string): NewMessage {
  const { booking, when, event, adminLink } = received;
  const params = [booking.name, booking.serviceName, when, booking.phone, adminLink];
  return {
    event,
    channel: "whatsapp",
    to,
    template: "booking-received-clinic",
    subject: `New booking request #${booking.id}`,
    text: `New booking request from ${booking.name} (${booking.phone}) for ${booking.serviceName} on ${when}. Open: ${adminLink}`,
    payload: { whatsapp: whatsapp("booking_received_clinic", params) },
    refs: { bookingId: booking.id },
  };
}

// ---------------------------------------------------------------------------------------------
// Appointments: confirmed, rescheduled, cancelled, reminders

/** An appointment as its messages need it (times are UTC instants). */
export type AppointmentForMessage = {
  id: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  staffName?: string | null;
  bookingId?: number | null;
  /** The signed manage-my-booking link of an online booking (issue 32), when it has one. */
  manageLink?: string | null;
};

export type AppointmentChange = "confirmed" | "rescheduled" | "cancelled";

/**
 * The appointment's iCalendar file (RFC 5545): one VEVENT with a stable UID per appointment,
 * start and end as UTC instants ('…Z': every calendar app shows them in its own zone, Lagos for
 * the client; a TZID would need a VTIMEZONE), the clinic's address as LOCATION; METHOD:CANCEL and
 * STATUS:CANCELLED for a cancellation. `sequence` must grow with each change so calendar apps
 * replace the earlier version.
 */
export function appointmentIcs(
  appointment: AppointmentForMessage,
  change: AppointmentChange,
  sequence: number,
): string {
  const calendar = ical({
    name: BUSINESS.shortName,
    prodId: { company: BUSINESS.shortName, product: "appointments", language: "EN" },
    method: change === "cancelled" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `appointment-${appointment.id}@glowhaven.ng`,
    sequence,
    start: appointment.startsAt,
    end: appointment.endsAt,
    summary: `${appointment.serviceName} at ${BUSINESS.shortName}`,
    description: `${appointment.serviceName} for ${appointment.customerName}. Questions? Call ${BUSINESS.phone}.`,
    location: BUSINESS.address,
    url: CLINIC_MAP_URL,
    organizer: { name: BUSINESS.name, email: BUSINESS.email },
    status: change === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** The therapist as the client is told: their first name (issue 28 item 8). */
const firstName = (staffName: string) => staffName.trim().split(/\s+/)[0] ?? staffName;

/** What the client brings to a visit (issue 28 item 8). */
const WHAT_TO_BRING =
  "a list of the skincare products and medicines you use, and any earlier treatment records.";

/**
 * The booking-fee and 24-hour policy in the client's confirmation, the spec's words (storefront
 * spec §9 "Booking fee", "Policy", "Terms"; issue 28 item 8).
 */
const VISIT_POLICY = `${BOOKING_FEE_TEXT} Cancellations need 24 hours notice; late arrival over 15 minutes may lead to rescheduling.`;

const CHANGE_WORDS: Record<
  AppointmentChange,
  { subject: string; lead: string; template: WhatsAppTemplateName }
> = {
  confirmed: {
    subject: "Your appointment is confirmed",
    lead: "We are pleased to confirm your appointment:",
    template: "appointment_confirmed",
  },
  rescheduled: {
    subject: "Your appointment has been rescheduled",
    lead: "Your appointment has been moved to a new time:",
    template: "appointment_rescheduled",
  },
  cancelled: {
    subject: "Your appointment has been cancelled",
    lead: "Your appointment has been cancelled:",
    template: "appointment_cancelled",
  },
};

/**
 * The client's email (with the .ics file: an invitation, or a cancellation) and WhatsApp message
 * for an appointment confirmed, rescheduled or cancelled in the calendar. The event key holds
 * the start time, so a second reschedule is a new message and a repeat of the same one is not.
 * @param sequence the iCalendar SEQUENCE (grows with each change; e.g. updated-at in seconds).
 */
export async function appointmentChangeMessages(
  appointment: AppointmentForMessage,
  change: AppointmentChange,
  sequence: number,
): Promise<NewMessage[]> {
  const words = CHANGE_WORDS[change];
  const when = formatLagosDateTime(appointment.startsAt);
  const event = `appointment-${change}:${appointment.id}:${appointment.startsAt.toISOString()}`;
  const refs = {
    clientEmail: appointment.customerEmail,
    appointmentId: appointment.id,
    bookingId: appointment.bookingId ?? null,
  };
  const details: Block = {
    lines: [
      `Service: ${appointment.serviceName}`,
      `Date and time: ${when} (Lagos time)`,
      ...(appointment.staffName ? [`With: ${firstName(appointment.staffName)}`] : []),
    ],
  };
  const blocks: Block[] =
    change === "cancelled"
      ? [
          `Dear ${appointment.customerName},`,
          words.lead,
          details,
          `To book a new time, call ${BUSINESS.phone} or write to ${BUSINESS.email}.`,
          "Warm regards,",
        ]
      : [
          `Dear ${appointment.customerName},`,
          words.lead,
          details,
          { lines: ["Where:", BUSINESS.address] },
          { link: CLINIC_MAP_URL, label: "Open in Google Maps" },
          "The attached calendar file adds the appointment to your calendar.",
          ...(appointment.manageLink
            ? [
                "To see, reschedule or cancel your booking (24 hours notice):",
                { link: appointment.manageLink, label: "Manage my booking" },
              ]
            : []),
          `What to bring: ${WHAT_TO_BRING}`,
          VISIT_POLICY,
          `Questions? Call ${BUSINESS.phone} or write to ${BUSINESS.email}.`,
          "Warm regards,",
        ];
  const email = await renderEmail(`${words.subject} | ${BUSINESS.shortName}`, blocks);
  const attachment: MessageAttachment = {
    filename: change === "cancelled" ? "cancelled-appointment.ics" : "appointment.ics",
    contentType: `text/calendar; charset=utf-8; method=${change === "cancelled" ? "CANCEL" : "REQUEST"}`,
    content: appointmentIcs(appointment, change, sequence),
  };
  const params =
    change === "cancelled"
      ? [appointment.customerName, appointment.serviceName, when, BUSINESS.phone]
      : [appointment.customerName, appointment.serviceName, when, BUSINESS.address, CLINIC_MAP_URL];
  return clientMessages(
    { event, template: `appointment-${change}`, refs },
    {
      to: appointment.customerEmail,
      rendered: email,
      payload: {
        data: { appointmentId: appointment.id, start: appointment.startsAt.toISOString() },
        attachments: [attachment],
      },
    },
    {
      to: appointment.customerPhone,
      subject: words.subject,
      text:
        change === "cancelled"
          ? `Dear ${appointment.customerName}, your ${appointment.serviceName} appointment on ${when} at ${BUSINESS.shortName} has been cancelled. To book a new time, call ${BUSINESS.phone}.`
          : `Dear ${appointment.customerName}, ${words.lead.toLowerCase()} ${appointment.serviceName} on ${when}${appointment.staffName ? ` with ${firstName(appointment.staffName)}` : ""} at ${BUSINESS.address}. Map: ${CLINIC_MAP_URL}.${appointment.manageLink ? ` Manage your booking: ${appointment.manageLink}` : ""} Bring: ${WHAT_TO_BRING} ${VISIT_POLICY}`,
      call: whatsapp(words.template, params),
    },
  );
}

/**
 * The client's email and WhatsApp when staff cancel a booking request before it became an
 * appointment (the calendar's Cancel on a pending request): no calendar file, since no invitation
 * was sent. One message per booking.
 */
export async function bookingCancelledMessages(booking: BookingForMessage): Promise<NewMessage[]> {
  const when = formatLagosDateTime(booking.date);
  const event = `booking-cancelled:${booking.id}`;
  const refs = { clientEmail: booking.email, bookingId: booking.id };
  const email = await renderEmail(`Your appointment has been cancelled | ${BUSINESS.shortName}`, [
    `Dear ${booking.name},`,
    "Your appointment request has been cancelled:",
    { lines: [`Service: ${booking.serviceName}`, `Date and time: ${when} (Lagos time)`] },
    `To book a new time, call ${BUSINESS.phone} or write to ${BUSINESS.email}.`,
    "Warm regards,",
  ]);
  return clientMessages(
    { event, template: "booking-cancelled", refs },
    { to: booking.email, rendered: email, payload: { data: { bookingId: booking.id } } },
    {
      to: booking.phone,
      subject: "Appointment request cancelled",
      text: `Dear ${booking.name}, your ${booking.serviceName} appointment request for ${when} at ${BUSINESS.shortName} has been cancelled. To book a new time, call ${BUSINESS.phone}.`,
      call: whatsapp("appointment_cancelled", [
        booking.name,
        booking.serviceName,
        when,
        BUSINESS.phone,
      ]),
    },
  );
}

/** Which reminder: 24 hours or 2 hours before the appointment. */
export type ReminderKind = "24h" | "2h";

/**
 * The client's reminder email and WhatsApp message for an appointment. Channels whose
 * recipient opted out of reminders are left out by the caller (reminders.ts).
 * `options.unsubscribeUrl`: the client's signed unsubscribe link (consent/links.ts), shown at
 * the end of the email so they can stop reminders (issue 17 "Consent and opt-out");
 * `options.headers`: the matching List-Unsubscribe headers, sent with the email.
 */
export async function appointmentReminderMessages(
  appointment: AppointmentForMessage,
  kind: ReminderKind,
  options: { unsubscribeUrl?: string; headers?: Record<string, string> } = {},
): Promise<NewMessage[]> {
  const when = formatLagosDateTime(appointment.startsAt);
  const event = `appointment-reminder-${kind}:${appointment.id}:${appointment.startsAt.toISOString()}`;
  const refs = {
    clientEmail: appointment.customerEmail,
    appointmentId: appointment.id,
    bookingId: appointment.bookingId ?? null,
  };
  const lead = kind === "24h" ? "tomorrow" : "in about two hours";
  const email = await renderEmail(`Reminder: your appointment ${lead} | ${BUSINESS.shortName}`, [
    `Dear ${appointment.customerName},`,
    `This is a reminder of your appointment ${lead}:`,
    { lines: [`Service: ${appointment.serviceName}`, `Date and time: ${when} (Lagos time)`] },
    { lines: ["Where:", BUSINESS.address] },
    { link: CLINIC_MAP_URL, label: "Open in Google Maps" },
    `Late arrival over 15 minutes may lead to rescheduling. Need to change it? Call ${BUSINESS.phone}.`,
    "Warm regards,",
    ...(options.unsubscribeUrl
      ? [
          "You receive reminders because you booked with us. To stop reminder and offer emails:",
          { link: options.unsubscribeUrl, label: "Unsubscribe" },
        ]
      : []),
  ]);
  return clientMessages(
    { event, template: `appointment-reminder-${kind}`, refs },
    {
      to: appointment.customerEmail,
      rendered: email,
      payload: {
        data: { appointmentId: appointment.id, start: appointment.startsAt.toISOString() },
        ...(options.headers ? { headers: options.headers } : {}),
      },
    },
    {
      to: appointment.customerPhone,
      subject: `Reminder: appointment ${lead}`,
      text: `Dear ${appointment.customerName}, a reminder of your ${appointment.serviceName} appointment on ${when} at ${BUSINESS.address}. Map: ${CLINIC_MAP_URL}`,
      call: whatsapp("appointment_reminder", [
        appointment.customerName,
        appointment.serviceName,
        when,
        BUSINESS.address,
        CLINIC_MAP_URL,
      ]),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Orders and reviews

/** An order as its status messages need it. */
export type OrderForMessage = {
  id: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryCity: string;
  deliveryState: string;
};

/**
 * The client's email and WhatsApp message when staff mark a paid order shipped or cancelled
 * (admin spec §4 order statuses). One message per order and status.
 */
export async function orderStatusMessages(
  order: OrderForMessage,
  status: "shipped" | "cancelled",
): Promise<NewMessage[]> {
  const event = `order-${status}:${order.id}`;
  const refs = { clientEmail: order.customerEmail, orderId: order.id };
  const place = `${order.deliveryCity}, ${order.deliveryState}`;
  const email =
    status === "shipped"
      ? await renderEmail(`Your ${BUSINESS.shortName} order #${order.id} is on its way`, [
          `Dear ${order.customerName},`,
          `Good news: your order #${order.id} has been shipped to ${place}.`,
          `Questions? Call ${BUSINESS.phone} or write to ${BUSINESS.email}.`,
          BUSINESS.name,
        ])
      : await renderEmail(`Your ${BUSINESS.shortName} order #${order.id} has been cancelled`, [
          `Dear ${order.customerName},`,
          `Your order #${order.id} has been cancelled. If you paid for it, our team will contact you about your refund.`,
          `Questions? Call ${BUSINESS.phone} or write to ${BUSINESS.email}.`,
          BUSINESS.name,
        ]);
  return clientMessages(
    { event, template: `order-${status}`, refs },
    { to: order.customerEmail, rendered: email, payload: { data: { orderId: order.id } } },
    {
      to: order.customerPhone,
      subject: status === "shipped" ? `Order #${order.id} shipped` : `Order #${order.id} cancelled`,
      text:
        status === "shipped"
          ? `Dear ${order.customerName}, your ${BUSINESS.shortName} order #${order.id} has been shipped to ${place}.`
          : `Dear ${order.customerName}, your ${BUSINESS.shortName} order #${order.id} has been cancelled. Questions? Call ${BUSINESS.phone}.`,
      call:
        status === "shipped"
          ? whatsapp("order_shipped", [order.customerName, `#${order.id}`, place])
          : whatsapp("order_cancelled", [order.customerName, `#${order.id}`, BUSINESS.phone]),
    },
  );
}

/** A review request: the booking's client, what they had, and the signed link. */
export type ReviewRequestForMessage = {
  bookingId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceName: string;
  /** When they came, as shown ('Tue 1 Dec 2026, 10:30 AM', Lagos). */
  visitedAt: string;
  link: string;
  /** Each Request Review is a message of its own (the event key holds this instant). */
  requestedAt: Date;
};

/** The review request email with the signed link, in the wording the clinic used since issue 5. */
export async function reviewRequestEmail(review: ReviewRequestForMessage): Promise<NewMessage> {
  const email = await renderEmail(`How was your ${review.serviceName}? | ${BUSINESS.shortName}`, [
    `Dear ${review.customerName},`,
    `Thank you for visiting ${BUSINESS.name} for your ${review.serviceName} on ${review.visitedAt}. We would love to hear how it went. Please rate your treatment here:`,
    { link: review.link, label: review.link },
    "Warm regards,",
  ]);
  return {
    event: `review-request:${review.bookingId}:${review.requestedAt.toISOString()}`,
    channel: "email",
    to: review.customerEmail,
    template: "review-request",
    ...email,
    payload: { data: { bookingId: review.bookingId } },
    refs: { clientEmail: review.customerEmail, bookingId: review.bookingId },
  };
}

/** The review request as a WhatsApp message carrying the signed link. */
export function reviewRequestWhatsApp(review: ReviewRequestForMessage): NewMessage {
  return {
    event: `review-request:${review.bookingId}:${review.requestedAt.toISOString()}`,
    channel: "whatsapp",
    to: review.customerPhone,
    template: "review-request",
    subject: `How was your ${review.serviceName}?`,
    text: `Dear ${review.customerName}, thank you for visiting ${BUSINESS.name} for your ${review.serviceName}. We would love to hear how it went: ${review.link}`,
    payload: {
      whatsapp: whatsapp("review_request", [review.customerName, review.serviceName, review.link]),
    },
    refs: { clientEmail: review.customerEmail, bookingId: review.bookingId },
  };
}

// ---------------------------------------------------------------------------------------------
// Forms (issue 31): the signed link to the intake and consent forms, never their content

/** A forms link as its messages need it (times are UTC instants). */
export type FormsLinkForMessage = {
  requestId: number;
  appointmentId: number | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceName: string;
  startsAt: Date;
  link: string;
  /** 'request' when the appointment is confirmed; 'reminder' the day before if unsigned. */
  kind: "request" | "reminder";
};

/**
 * The email and WhatsApp message carrying the forms link (issue 31). They name the service and
 * time and hold the link only: no question or answer of a form is ever in a message.
 */
export async function formsLinkMessages(f: FormsLinkForMessage): Promise<NewMessage[]> {
  const when = formatLagosDateTime(f.startsAt);
  const event = `forms-${f.kind}:${f.requestId}`;
  const refs = {
    clientEmail: f.customerEmail,
    appointmentId: f.appointmentId,
  };
  const lead =
    f.kind === "reminder"
      ? "Your forms for tomorrow's appointment are not signed yet."
      : "Before your appointment, please fill in and sign your forms (about two minutes on your phone).";
  const email = await renderEmail(`Your forms before your visit | ${BUSINESS.shortName}`, [
    `Dear ${f.customerName},`,
    lead,
    { lines: [`Service: ${f.serviceName}`, `Date and time: ${when} (Lagos time)`] },
    { link: f.link, label: "Fill in and sign your forms" },
    `Questions? Call ${BUSINESS.phone}.`,
    "Warm regards,",
  ]);
  return clientMessages(
    { event, template: `forms-${f.kind}`, refs },
    { to: f.customerEmail, rendered: email, payload: { data: { requestId: f.requestId } } },
    {
      to: f.customerPhone,
      subject:
        f.kind === "reminder" ? "Reminder: forms to sign" : "Forms to sign before your visit",
      text: `Dear ${f.customerName}, ${lead} ${f.serviceName} on ${when}: ${f.link}`,
      call: whatsapp("forms_request", [f.customerName, f.serviceName, when, f.link]),
    },
  );
}
