/**
 * What each /api route is for, and the zod schemas it parses (issue 16 "OpenAPI 3.1 generated
 * from the zod schemas"): one entry per 'METHOD /api/path' of the route table, keyed as the
 * sweeps key them (server/route-table.ts). The schemas are the very ones the routes parse, so
 * the description cannot drift from the validation; server/openapi/openapi.test.ts checks every
 * served route has an entry here and every entry a route.
 */

import { z } from "zod";
import { loginCodeSchema, totpConfirmSchema, totpDisableSchema } from "#common/account-security.ts";
import { advisorRequestSchema } from "#common/advisor.ts";
import { loginSchema } from "#common/auth.ts";
import { bookingPatchSchema, bookingRequestSchema } from "#common/booking.ts";
import {
  appointmentInputSchema,
  appointmentPatchSchema,
  blockedTimeInputSchema,
  blockedTimePatchSchema,
  calendarQuerySchema,
} from "#common/calendar.ts";
import { productFormSchema, serviceFormSchema } from "#common/catalog-forms.ts";
import { orderPayloadSchema } from "#common/checkout.ts";
import { mergeRequestSchema } from "#common/client-merge.ts";
import {
  clientListQuerySchema,
  customerInputSchema,
  customerNotesSchema,
  customerPatchSchema,
} from "#common/clients.ts";
import { cookieConsentSchema, unsubscribeSchema } from "#common/consent.ts";
import { formBodySchema, proposalDecisionSchema, signFormsSchema } from "#common/forms.ts";
import { healthEntryInputSchema } from "#common/health.ts";
import { newsletterSchema } from "#common/newsletter.ts";
import { orderApiQuerySchema, orderStatusUpdateSchema } from "#common/orders.ts";
import { listQuerySchema } from "#common/paging.ts";
import { aftercareTemplateSchema, amendmentSchema, recordFieldsSchema } from "#common/records.ts";
import { exportQuerySchema, reportRangeSchema } from "#common/reports.ts";
import { reviewRequestSchema, reviewSubmitSchema } from "#common/reviews.ts";
import {
  cashMovementInputSchema,
  dayCloseInputSchema,
  dayReopenInputSchema,
  emailReceiptSchema,
  recordSaleSchema,
  refundInputSchema,
  saleInputSchema,
  saleListQuerySchema,
  surchargeInputSchema,
  surchargePatchSchema,
  voidInputSchema,
} from "#common/sales.ts";
import { clinicSettingsPatchSchema } from "#common/settings.ts";
import {
  acceptInvitationSchema,
  accessGrantSchema,
  clockSchema,
  commissionRatesSchema,
  payRunInputSchema,
  staffInputSchema,
  staffPatchSchema,
  timeEntryCorrectionSchema,
  weekScheduleSchema,
} from "#common/staff.ts";
import { paystackEventSchema } from "#server/integrations/paystack.ts";
import { whatsappEventSchema } from "#server/integrations/whatsapp-webhook.ts";
import { searchQuery } from "#server/modules/admin/routes.ts";
import {
  availabilityQuery,
  depositTestPaymentBody,
  manageQuery,
  rescheduleBody,
} from "#server/modules/bookings/deposit-routes.ts";
import { productPatchSchema, servicePatchSchema } from "#server/modules/catalog/admin-routes.ts";
import { relatedQuery } from "#server/modules/catalog/routes.ts";
import { testPaymentBody, verifyBody } from "#server/modules/orders/checkout-routes.ts";
import { listQuery } from "#server/modules/staff/routes.ts";

/** One route's description. Path parameters come from the path itself (':id' → `{id}`). */
export type OperationDoc = {
  /** One line: what the call does. */
  summary: string;
  /** The area it belongs to (the reference page groups by it). */
  tag: string;
  /** More words, when the summary is not enough. */
  description?: string;
  /** The JSON body it parses. */
  body?: z.ZodType;
  /** The query parameters it parses (an object schema). */
  query?: z.ZodObject;
  /** What a successful answer is, in words (the answers are TypeScript types in common/). */
  returns?: string;
  /** The success status when not 200 (e.g. 201 for a creation, 204 for no content). */
  status?: number;
  /** Not JSON: the media type of the answer (e.g. 'text/csv'). */
  produces?: string;
};

const posClientsQuery = z.object({ q: z.string().max(100).describe("Search text") });
const whatsappVerifyQuery = z.object({
  "hub.mode": z.literal("subscribe"),
  "hub.verify_token": z.string().describe("WHATSAPP_VERIFY_TOKEN"),
  "hub.challenge": z.string().describe("Echoed back as plain text"),
});

/** Every route of the API; keys as in the route table ('METHOD /api/path'). */
export const API_OPERATIONS: Record<string, OperationDoc> = {
  // Configuration and catalogue (public)
  "GET /api/config": {
    tag: "Public",
    summary: "Public configuration: Paystack public key, Meta pixel id",
  },
  "GET /api/config/environment": {
    tag: "Public",
    summary: "The same public configuration (spec name)",
  },
  "GET /api/services": { tag: "Public", summary: "Every treatment with its price (naira)" },
  "GET /api/products": {
    tag: "Public",
    summary: "Every product with price (naira) and available stock (ETag/304)",
  },
  "GET /api/products/related": {
    tag: "Public",
    summary: "Products related to one product",
    query: relatedQuery,
  },
  "GET /api/products/:id": { tag: "Public", summary: "One product" },
  "POST /api/bookings": {
    tag: "Public",
    summary: "Request an appointment",
    body: bookingRequestSchema,
    status: 201,
  },
  "GET /api/bookings/availability": {
    tag: "Public",
    summary: "The 16 slots of a Lagos day for a service: free, or why not (issue 32)",
    query: availabilityQuery,
  },
  "POST /api/bookings/hold": {
    tag: "Public",
    summary: "Hold a free time as a tentative appointment while the deposit is paid",
    body: bookingRequestSchema,
    status: 201,
  },
  "POST /api/bookings/deposits/:reference/start": {
    tag: "Public",
    summary: "Start paying a booking deposit (Paystack access code, or test-payment mode)",
  },
  "POST /api/bookings/deposits/:reference/verify": {
    tag: "Public",
    summary: "Verify a booking deposit's payment and confirm its appointment",
  },
  "POST /api/bookings/deposits/:reference/test-payment": {
    tag: "Public",
    summary: "Test-payment mode only: record the test dialog's approve or decline for a deposit",
    body: depositTestPaymentBody,
  },
  "POST /api/bookings/deposits/:reference/pay-at-clinic": {
    tag: "Public",
    summary: "Book the held time with the fee paid at the clinic, where allowed",
  },
  "GET /api/bookings/manage": {
    tag: "Public",
    summary: "A client's booking, from their signed manage link",
    query: manageQuery,
  },
  "GET /api/bookings/manage/ics": {
    tag: "Public",
    summary: "A client's booking as an iCalendar file, from their signed manage link",
    query: manageQuery,
  },
  "POST /api/bookings/manage/reschedule": {
    tag: "Public",
    summary: "Move a booking to a new free time (24 hours notice), from the signed link",
    body: rescheduleBody,
  },
  "POST /api/bookings/manage/cancel": {
    tag: "Public",
    summary: "Cancel a booking (24 hours notice: the deposit is refunded), from the signed link",
    body: manageQuery,
  },
  "POST /api/newsletter": {
    tag: "Public",
    summary: "Subscribe to the newsletter",
    body: newsletterSchema,
    status: 201,
  },
  "POST /api/chatbot/treatment-recommendation": {
    tag: "Public",
    summary: "Ask the treatment advisor a question",
    body: advisorRequestSchema,
  },
  "POST /api/reviews": {
    tag: "Public",
    summary: "Submit a review from a signed review link",
    body: reviewSubmitSchema,
    status: 201,
  },
  // Checkout and payments
  "POST /api/checkout/start": {
    tag: "Checkout",
    summary: "Start a checkout: a priced pending order (and a Paystack transaction)",
    body: orderPayloadSchema,
    returns: "The server's priced order in naira, amountKobo, mode and Paystack access code",
    status: 201,
  },
  "POST /api/checkout": {
    tag: "Checkout",
    summary: "Complete the checkout of a paid order (spec §7)",
    body: orderPayloadSchema,
    status: 201,
  },
  "POST /api/paystack/verify": {
    tag: "Checkout",
    summary: "Verify a payment with Paystack and complete its order",
    body: verifyBody,
    returns: "{ verified, data }",
  },
  "POST /api/paystack/test-payment": {
    tag: "Checkout",
    summary: "Test-payment mode only: record the test dialog's approve or decline",
    body: testPaymentBody,
  },
  "POST /api/paystack/webhook": {
    tag: "Checkout",
    summary: "Paystack's webhook (signed with X-Paystack-Signature)",
    body: paystackEventSchema,
  },
  // Sign-in
  "POST /api/auth/login": {
    tag: "Sign-in",
    summary: "Sign in (sets the session cookie)",
    body: loginSchema,
    returns:
      "{ user } and the session cookie; for an account with two-step sign-in { secondFactorRequired: true, challenge, expiresAt } and no cookie (then POST /api/auth/login/code)",
  },
  "POST /api/auth/logout": { tag: "Sign-in", summary: "Sign out" },
  "GET /api/auth/session": { tag: "Sign-in", summary: "The signed-in account, or null" },
  "GET /api/auth/offline-key": {
    tag: "Sign-in",
    summary: "The key that seals this session's offline data on the device (issue 35)",
    returns: "{ key (32 bytes, base64url), keyId, expiresAt (the session's absolute expiry) }",
  },
  "GET /api/auth/invitations/:token": {
    tag: "Sign-in",
    summary: "An invitation to set a password: who it is for",
  },
  "POST /api/auth/invitations/:token": {
    tag: "Sign-in",
    summary: "Accept an invitation: set the password",
    body: acceptInvitationSchema,
  },
  // Bookings
  "GET /api/bookings": { tag: "Bookings", summary: "Booking requests, newest first" },
  "GET /api/bookings/processed": { tag: "Bookings", summary: "Processed bookings" },
  "PATCH /api/bookings/:id": {
    tag: "Bookings",
    summary: "Edit a booking",
    body: bookingPatchSchema,
  },
  "PATCH /api/bookings/:id/process": { tag: "Bookings", summary: "Mark a booking processed" },
  "PATCH /api/bookings/:id/no-show": { tag: "Bookings", summary: "Mark a booking a no-show" },
  "DELETE /api/bookings/:id": { tag: "Bookings", summary: "Delete a booking", status: 204 },
  "POST /api/send-review-request": {
    tag: "Reviews",
    summary:
      "Email (and WhatsApp) a client the review link for a booking; answers with the signed link as reviewUrl",
    body: reviewRequestSchema,
  },
  "GET /api/reviews": { tag: "Reviews", summary: "Reviews received" },
  // Orders
  "GET /api/orders": {
    tag: "Orders",
    summary: "Paid orders, paged (X-Total-Count, Link rel=next)",
    query: orderApiQuerySchema,
  },
  "GET /api/order-items": { tag: "Orders", summary: "Lines of paid orders" },
  "PATCH /api/orders/:id": {
    tag: "Orders",
    summary: "Set a paid order's status and/or its tracking note",
    body: orderStatusUpdateSchema,
  },
  "POST /api/orders/:id/refund": {
    tag: "Orders",
    summary: "Refund a refund-required order through Paystack",
  },
  // Catalogue management
  "POST /api/services": {
    tag: "Catalogue",
    summary: "Add a treatment",
    body: serviceFormSchema,
    status: 201,
  },
  "PATCH /api/services/:id": {
    tag: "Catalogue",
    summary: "Edit a treatment",
    body: servicePatchSchema,
  },
  "DELETE /api/services/:id": { tag: "Catalogue", summary: "Delete a treatment", status: 204 },
  "POST /api/products": {
    tag: "Catalogue",
    summary: "Add a product",
    body: productFormSchema,
    status: 201,
  },
  "PATCH /api/products/:id": {
    tag: "Catalogue",
    summary: "Edit a product",
    body: productPatchSchema,
  },
  "DELETE /api/products/:id": { tag: "Catalogue", summary: "Delete a product", status: 204 },
  // Calendar
  "GET /api/appointments": {
    tag: "Calendar",
    summary: "Appointments in a range (a therapist sees their own)",
    query: calendarQuerySchema,
  },
  "GET /api/appointments/upcoming": { tag: "Calendar", summary: "The next appointments" },
  "POST /api/appointments": {
    tag: "Calendar",
    summary: "Book an appointment",
    body: appointmentInputSchema,
    status: 201,
  },
  "PATCH /api/appointments/:id": {
    tag: "Calendar",
    summary: "Move, edit or change the status of an appointment",
    body: appointmentPatchSchema,
  },
  "POST /api/appointments/:id/check-in": {
    tag: "Calendar",
    summary: "Check a client in on the day of their visit",
  },
  "DELETE /api/appointments/:id": {
    tag: "Calendar",
    summary: "Delete an appointment",
    status: 204,
  },
  "GET /api/blocked-time": {
    tag: "Calendar",
    summary: "Blocked time in a range",
    query: calendarQuerySchema,
  },
  "POST /api/blocked-time": {
    tag: "Calendar",
    summary: "Block time for a staff member",
    body: blockedTimeInputSchema,
    status: 201,
  },
  "PATCH /api/blocked-time/:id": {
    tag: "Calendar",
    summary: "Edit blocked time",
    body: blockedTimePatchSchema,
  },
  "DELETE /api/blocked-time/:id": { tag: "Calendar", summary: "Delete blocked time", status: 204 },
  "GET /api/staff/:id/calendar-feed": {
    tag: "Calendar",
    summary: "A staff member's calendar feed link, if any",
  },
  "POST /api/staff/:id/calendar-feed": {
    tag: "Calendar",
    summary: "Create or renew a staff member's calendar feed link",
  },
  "DELETE /api/staff/:id/calendar-feed": {
    tag: "Calendar",
    summary: "Turn off a staff member's calendar feed",
    status: 204,
  },
  // Staff
  "GET /api/staff": { tag: "Staff", summary: "The team" },
  "POST /api/staff": {
    tag: "Staff",
    summary: "Add a staff member",
    body: staffInputSchema,
    status: 201,
  },
  "GET /api/staff/analytics": { tag: "Staff", summary: "Team performance figures" },
  "GET /api/staff/:id": { tag: "Staff", summary: "One staff member" },
  "GET /api/staff/:id/overview": { tag: "Staff", summary: "A staff member's figures and history" },
  "PATCH /api/staff/:id": { tag: "Staff", summary: "Edit a staff member", body: staffPatchSchema },
  "DELETE /api/staff/:id": { tag: "Staff", summary: "Remove a staff member", status: 204 },
  "GET /api/staff/:id/commission-rates": {
    tag: "Staff",
    summary: "A staff member's commission rates by service or product category (issue 29)",
  },
  "PUT /api/staff/:id/commission-rates": {
    tag: "Staff",
    summary: "Set a staff member's commission rates by category",
    body: commissionRatesSchema,
  },
  "PUT /api/staff/:id/schedules": {
    tag: "Staff",
    summary: "Set a staff member's weekly schedule",
    body: weekScheduleSchema,
  },
  "POST /api/staff/:id/access": {
    tag: "Staff",
    summary: "Grant back-office access (sends an invitation)",
    body: accessGrantSchema,
  },
  "DELETE /api/staff/:id/access": { tag: "Staff", summary: "Revoke back-office access" },
  "DELETE /api/staff/:id/two-step": {
    tag: "Staff",
    summary: "Reset a member's two-step sign-in (manager)",
    status: 204,
  },
  "GET /api/staff-schedules": { tag: "Staff", summary: "Weekly schedules", query: listQuery },
  "GET /api/time-tracking": { tag: "Staff", summary: "Time entries", query: listQuery },
  "POST /api/time-tracking/clock-in": { tag: "Staff", summary: "Clock in", body: clockSchema },
  "POST /api/time-tracking/clock-out": { tag: "Staff", summary: "Clock out", body: clockSchema },
  "POST /api/time-tracking/break-start": {
    tag: "Staff",
    summary: "Start a break",
    body: clockSchema,
  },
  "POST /api/time-tracking/break-end": { tag: "Staff", summary: "End a break", body: clockSchema },
  "PATCH /api/time-tracking/:id": {
    tag: "Staff",
    summary: "Correct a time entry",
    body: timeEntryCorrectionSchema,
  },
  "GET /api/pay-runs": { tag: "Pay", summary: "Pay runs", query: listQuery },
  "POST /api/pay-runs": {
    tag: "Pay",
    summary: "Create a pay run",
    body: payRunInputSchema,
    status: 201,
  },
  "GET /api/pay-runs/:id": { tag: "Pay", summary: "One pay run with its slip" },
  "POST /api/pay-runs/:id/approve": { tag: "Pay", summary: "Approve (pay) a pay run" },
  // Point of sale
  "GET /api/popular-items": { tag: "Point of sale", summary: "The most sold items" },
  "GET /api/surcharges": { tag: "Point of sale", summary: "Surcharges" },
  "POST /api/surcharges": {
    tag: "Point of sale",
    summary: "Add a surcharge",
    body: surchargeInputSchema,
    status: 201,
  },
  "PATCH /api/surcharges/:id": {
    tag: "Point of sale",
    summary: "Edit a surcharge",
    body: surchargePatchSchema,
  },
  "GET /api/pos/clients": {
    tag: "Point of sale",
    summary: "Find a client for a sale",
    query: posClientsQuery,
  },
  "GET /api/pos/checkout/:appointmentId": {
    tag: "Point of sale",
    summary: "A visit ready for the till: client, services, prices and therapists (issue 29)",
  },
  "POST /api/pos/process-sale": {
    tag: "Point of sale",
    summary: "Take a sale (idempotent per key)",
    body: saleInputSchema,
    status: 201,
  },
  "GET /api/sales": { tag: "Point of sale", summary: "Sales, paged", query: saleListQuerySchema },
  "POST /api/sales": {
    tag: "Point of sale",
    summary: "Record a sale",
    body: recordSaleSchema,
    status: 201,
  },
  "GET /api/sales/:id": { tag: "Point of sale", summary: "One sale with its lines" },
  "GET /api/sales/daily/:date": { tag: "Point of sale", summary: "A Lagos day's sales summary" },
  "GET /api/sales/daily/:date/export": {
    tag: "Point of sale",
    summary: "A Lagos day's sales as CSV",
    produces: "text/csv",
  },
  "GET /api/reports/sales": {
    tag: "Reports",
    summary:
      "The till's figures over a range of Lagos days: by day, service, therapist, tender; refunds, tips, commission",
    query: reportRangeSchema,
  },
  "GET /api/reports/sales/export": {
    tag: "Reports",
    summary: "The same report as CSV",
    query: reportRangeSchema,
    produces: "text/csv",
  },
  "GET /api/exports/orders.csv": {
    tag: "Reports",
    summary: "Paid orders as CSV, streamed (manager)",
    query: exportQuerySchema,
    produces: "text/csv",
  },
  "GET /api/exports/clients.csv": {
    tag: "Reports",
    summary: "Clients' contact details as CSV, no health data, streamed (manager)",
    query: exportQuerySchema,
    produces: "text/csv",
  },
  "GET /api/exports/bookings.csv": {
    tag: "Reports",
    summary: "Booking requests as CSV, streamed",
    query: exportQuerySchema,
    produces: "text/csv",
  },
  "GET /api/exports/subscribers.csv": {
    tag: "Reports",
    summary: "Newsletter subscribers as CSV, streamed (manager)",
    query: exportQuerySchema,
    produces: "text/csv",
  },
  "GET /api/exports/pay-runs.csv": {
    tag: "Reports",
    summary: "Pay runs as CSV, streamed (manager)",
    query: exportQuerySchema,
    produces: "text/csv",
  },
  "GET /api/sales/daily/:date/close": {
    tag: "Point of sale",
    summary: "A Lagos day's close sheet: each tender expected, the drawer, Paystack matched",
  },
  "POST /api/sales/daily/:date/close": {
    tag: "Point of sale",
    summary: "Close and lock a Lagos day: cash counted by note, card and transfer counted",
    body: dayCloseInputSchema,
    status: 201,
  },
  "POST /api/sales/daily/:date/reopen": {
    tag: "Point of sale",
    summary: "Reopen a closed day (manager; audited)",
    body: dayReopenInputSchema,
  },
  "POST /api/sales/daily/:date/cash-movements": {
    tag: "Point of sale",
    summary: "Record the opening float, a pay-in or a pay-out",
    body: cashMovementInputSchema,
    status: 201,
  },
  "GET /api/sales/oversells": {
    tag: "Point of sale",
    summary: "Open oversells of sales taken offline, for the manager to settle (issue 35)",
  },
  "POST /api/sales/oversells/:id/settle": {
    tag: "Point of sale",
    summary: "Mark an oversell settled once the stock is counted and corrected (manager)",
  },
  "POST /api/sales/:id/refund": {
    tag: "Point of sale",
    summary: "Refund a sale",
    body: refundInputSchema,
  },
  "POST /api/sales/:id/void": {
    tag: "Point of sale",
    summary: "Void a sale",
    body: voidInputSchema,
  },
  "POST /api/sales/:id/email-receipt": {
    tag: "Point of sale",
    summary: "Email a sale's receipt",
    body: emailReceiptSchema,
  },
  // Clients
  "GET /api/customers": { tag: "Clients", summary: "Clients, paged", query: clientListQuerySchema },
  "POST /api/customers": {
    tag: "Clients",
    summary: "Add a client",
    body: customerInputSchema,
    status: 201,
  },
  "GET /api/customers/:id": { tag: "Clients", summary: "One client's record" },
  "PATCH /api/customers/:email": {
    tag: "Clients",
    summary: "Edit a client",
    body: customerPatchSchema,
  },
  "DELETE /api/customers/:id": { tag: "Clients", summary: "Delete a client", status: 204 },
  "GET /api/customers/:id/export": {
    tag: "Clients",
    summary: "Everything held about a client (JSON)",
  },
  "POST /api/customers/:id/erase": { tag: "Clients", summary: "Erase a client's personal data" },
  "GET /api/customers/:id/duplicates": {
    tag: "Clients",
    summary: "Clients that may be the same person (same +234 phone or name)",
  },
  "GET /api/customers/:id/merge-preview": {
    tag: "Clients",
    summary: "What merging another client into this one would move",
    query: mergeRequestSchema,
  },
  "POST /api/customers/:id/merge": {
    tag: "Clients",
    summary: "Merge another client into this one (undo within 30 days)",
    body: mergeRequestSchema,
  },
  "POST /api/client-merges/:id/undo": { tag: "Clients", summary: "Undo a client merge" },
  "GET /api/customers/:id/health": {
    tag: "Clients",
    summary:
      "A client's health alerts; the details for a therapist (own clients) or a manager, audited",
  },
  "POST /api/customers/:id/health": {
    tag: "Clients",
    summary: "Record a health entry (allergy, condition, medication, pregnancy, skin type, flag)",
    body: healthEntryInputSchema,
  },
  "DELETE /api/customers/:id/health/:entryId": {
    tag: "Clients",
    summary: "Remove a health entry",
    status: 204,
  },
  // Consent and intake forms (issue 31)
  "GET /api/forms/:token": {
    tag: "Forms",
    summary: "The forms a signed link asks the client to fill (public; the link is the key)",
    returns: "{ client first name, appointment, forms: [{ versionId, title, body }] }",
  },
  "POST /api/forms/:token/sign": {
    tag: "Forms",
    summary: "Sign the link's forms: answers, typed name and drawn signature (public)",
    description:
      "The channel recorded (link or the clinic's tablet) is the request's: a kiosk link is made by staff (POST /api/appointments/:id/forms/kiosk); `?kiosk=1` only tells the page to end on the locked screen.",
    body: signFormsSchema,
    status: 201,
  },
  "GET /api/admin/forms/templates": {
    tag: "Forms",
    summary: "The form templates with their published version and draft",
  },
  "GET /api/admin/forms/templates/:id": { tag: "Forms", summary: "One form template" },
  "GET /api/admin/forms/templates/:id/versions/:version": {
    tag: "Forms",
    summary: "One published version of a template, as clients signed it",
  },
  "PUT /api/admin/forms/templates/:id/draft": {
    tag: "Forms",
    summary: "Save a template's draft (published versions never change)",
    body: formBodySchema,
  },
  "POST /api/admin/forms/templates/:id/publish": {
    tag: "Forms",
    summary: "Publish the draft as the template's next version",
    status: 201,
  },
  "GET /api/appointments/:id/forms": {
    tag: "Forms",
    summary: "An appointment's forms: which are due, signed or expired",
  },
  "POST /api/appointments/:id/forms/send": {
    tag: "Forms",
    summary: "Send the client the link to the forms still due (email and WhatsApp)",
    returns: "{ requestId, sent }; 200 with sent false when nothing is due",
    status: 201,
  },
  "POST /api/appointments/:id/forms/kiosk": {
    tag: "Forms",
    summary: "Open the forms still due on the clinic's tablet",
    returns: "{ url } (a path), or { url: null } when nothing is due",
    status: 201,
  },
  "GET /api/customers/:id/forms": {
    tag: "Forms",
    summary: "A client's signed forms and proposed health changes (health data audited)",
  },
  "GET /api/customers/:id/forms/:formId": {
    tag: "Forms",
    summary: "One signed form with its answers and signature, audited",
  },
  "POST /api/customers/:id/health-proposals/:proposalId": {
    tag: "Forms",
    summary: "Accept or reject a health change the client proposed on a form",
    body: proposalDecisionSchema,
  },
  "GET /api/customers/:id/export.zip": {
    tag: "Clients",
    summary:
      "Everything held about a client (NDPA 2023 access request): data, signed forms, records and photos, audited",
    produces: "application/zip",
  },
  // Treatment records, photos and aftercare (issue 31)
  "GET /api/appointments/:id/treatment-record": {
    tag: "Records",
    summary: "An appointment's treatment record: draft, signed, amendments and photos (audited)",
  },
  "PUT /api/appointments/:id/treatment-record": {
    tag: "Records",
    summary: "Save the treatment record's draft (products, lots, settings, areas, notes)",
    body: recordFieldsSchema,
  },
  "POST /api/treatment-records/:id/sign-off": {
    tag: "Records",
    summary: "Sign the record off: it can no longer change, only be amended",
  },
  "POST /api/treatment-records/:id/amendments": {
    tag: "Records",
    summary: "Add an amendment to a signed record (who, when and why kept)",
    body: amendmentSchema,
    status: 201,
  },
  "GET /api/customers/:id/treatment-records": {
    tag: "Records",
    summary: "A client's treatment records, newest first (audited)",
  },
  "POST /api/appointments/:id/photos": {
    tag: "Records",
    summary: "Add a before or after photo (`?kind=before|after`; the body is the image itself)",
    status: 201,
  },
  "GET /api/treatment-photos/:id": {
    tag: "Records",
    summary: "A treatment photo's bytes, never cached, audited",
    produces: "image/jpeg",
  },
  "GET /api/admin/aftercare-templates": {
    tag: "Records",
    summary: "Aftercare templates by treatment",
    query: listQuerySchema,
  },
  "GET /api/services/:id/aftercare": {
    tag: "Records",
    summary: "A treatment's aftercare template",
  },
  "PUT /api/services/:id/aftercare": {
    tag: "Records",
    summary: "Save a treatment's aftercare: instructions, recommended products, follow-up",
    body: aftercareTemplateSchema,
  },
  "GET /api/aftercare/:token": {
    tag: "Public",
    summary: "The products of an aftercare message's signed link, to fill the shop's cart",
  },
  "GET /api/subscribers": { tag: "Clients", summary: "Newsletter subscribers" },
  "GET /api/customer-notes/:email": { tag: "Clients", summary: "A client's notes" },
  "PUT /api/customer-notes/:email": {
    tag: "Clients",
    summary: "Save a client's notes",
    body: customerNotesSchema,
  },
  // Back office
  "GET /api/admin/summary": { tag: "Back office", summary: "Sidebar counts" },
  "GET /api/admin/search": {
    tag: "Back office",
    summary: "Search the back office",
    query: searchQuery,
  },
  "GET /api/admin/dashboard": { tag: "Back office", summary: "The dashboard's figures" },
  "GET /api/admin/export": { tag: "Back office", summary: "Export the admin data (JSON)" },
  "POST /api/admin/clear-data": { tag: "Back office", summary: "Clear Admin Data" },
  "GET /api/admin/outbox": { tag: "Back office", summary: "Stored emails, newest first" },
  "GET /api/admin/settings": {
    tag: "Back office",
    summary: "The clinic's settings (manager): the review request, the booking deposit",
    returns:
      "{ reviewRequestOnComplete, deposit (naira), depositHoldMinutes, payAtClinicAllowed, depositFreeServiceIds }",
  },
  "PATCH /api/admin/settings": {
    tag: "Back office",
    summary: "Change the clinic's settings (manager), audited",
    body: clinicSettingsPatchSchema,
    returns:
      "{ reviewRequestOnComplete, deposit (naira), depositHoldMinutes, payAtClinicAllowed, depositFreeServiceIds }",
  },
  "GET /api/admin/audit": { tag: "Back office", summary: "The activity log, newest first" },
  "GET /api/admin/backup": {
    tag: "Operations",
    summary: "Download backup: a portable SQL dump of the whole database (gzip)",
  },
  // Operations
  "GET /api/admin/jobs": {
    tag: "Operations",
    summary: "Scheduled jobs with their last and next run",
  },
  "POST /api/admin/jobs/:name/run": {
    tag: "Operations",
    summary: "Run a scheduled job now",
    returns: "{ run: {status, result | error}, job }",
  },
  "GET /api/openapi.json": { tag: "Operations", summary: "This API description (OpenAPI 3.1)" },
  // Messages: consent and the WhatsApp webhook (issue 17)
  "GET /api/webhooks/whatsapp": {
    tag: "Messages",
    summary: "WhatsApp webhook verification: answers hub.challenge when the token matches",
    query: whatsappVerifyQuery,
    produces: "text/plain",
  },
  "POST /api/webhooks/whatsapp": {
    tag: "Messages",
    summary: "WhatsApp webhook event (signed with X-Hub-Signature-256): statuses, STOP and START",
    body: whatsappEventSchema,
  },
  "POST /api/cookie-consent": {
    tag: "Public",
    summary: "Store the cookie banner's choice in a cookie (form post; 303 back to the page)",
    body: cookieConsentSchema,
    status: 303,
  },
  "POST /api/unsubscribe": {
    tag: "Messages",
    summary: "Stop reminder and marketing emails to an address (signed unsubscribe link)",
    description:
      "The body's email and sig, or for the RFC 8058 one-click POST the same in the query string.",
    body: unsubscribeSchema,
    returns: "{ unsubscribed: true, email }",
  },
  "POST /api/admin/outbox/:id/retry": {
    tag: "Messages",
    summary: "Send a failed message again now (400 unless it failed)",
    returns: "the message, now pending",
  },
  // Two-step sign-in (issue 14)
  "POST /api/auth/login/code": {
    tag: "Sign-in",
    summary: "Second sign-in step: the challenge and an authenticator or recovery code",
    description:
      "POST /api/auth/login answers `{secondFactorRequired: true, challenge, expiresAt}` instead of a session for an account with two-step sign-in. Send the challenge (valid 5 minutes) with a 6-digit code (±1 30-second step) or an unused recovery code; a wrong code answers 401 and counts toward the sign-in throttle (429).",
    body: loginCodeSchema,
    returns: "{ user } and the session cookie",
  },
  "GET /api/auth/totp": {
    tag: "Sign-in",
    summary: "The signed-in account's two-step sign-in: on or off, recovery codes left",
  },
  "POST /api/auth/totp/setup": {
    tag: "Sign-in",
    summary: "Start setting up an authenticator app: a new secret, shown this once",
    returns: "{ secret (base32), uri (otpauth://totp/…), qrSvg }",
    status: 201,
  },
  "POST /api/auth/totp/confirm": {
    tag: "Sign-in",
    summary: "Turn two-step sign-in on with the first code from the authenticator app",
    body: totpConfirmSchema,
    returns: "{ recoveryCodes: string[10] }, shown this once",
  },
  "POST /api/auth/totp/disable": {
    tag: "Sign-in",
    summary: "Turn two-step sign-in off, proven with the password or a current code",
    body: totpDisableSchema,
  },
};
