/**
 * Text of the privacy policy, terms and conditions and cookie policy (storefront spec §2 "Policy
 * pages", §9 booking fee, 24-hour policies, late arrival, order processing; notes/nigeria.md:
 * the Nigeria Data Protection Act 2023, consent before marketing and tracking pixels).
 */
import { Link } from "react-router";
import { BUSINESS } from "#common/business.ts";
import { BOOKING_FEE } from "#common/catalog.ts";
import { formatNaira } from "#common/money.ts";
import type { PolicySection } from "./policy-page";

const FEE = formatNaira(BOOKING_FEE);

export const PRIVACY_INTRO = (
  <p>
    {BUSINESS.name} ("{BUSINESS.shortName}", "we", "us") respects your privacy. This policy explains
    what personal data we collect when you visit our website, book a treatment, buy from our shop or
    subscribe to our newsletter, why we collect it and the rights you have under the Nigeria Data
    Protection Act 2023 (NDPA).
  </p>
);

export const PRIVACY_SECTIONS: PolicySection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <p>
        We are the data controller for the personal data described here. Our clinic is at{" "}
        {BUSINESS.address}. You can reach us at {BUSINESS.email} or {BUSINESS.phone}.
      </p>
    ),
  },
  {
    id: "data-we-collect",
    title: "Data we collect",
    body: (
      <ul>
        <li>
          Booking requests: your name, email address, phone number, chosen treatment, date, time and
          any message you add.
        </li>
        <li>
          Shop orders: your name, email, phone, delivery address, the products you buy and the
          payment reference. Card details are entered directly with our payment provider, Paystack;
          we never see or store your card number.
        </li>
        <li>Newsletter: your email address and the fact that you agreed to receive it.</li>
        <li>Treatment advisor chats: the questions you type, so the advisor can answer them.</li>
        <li>Your wishlist and cart are kept only in your own browser.</li>
        <li>
          Technical data: pages visited and basic device information in our server logs, kept for
          security.
        </li>
      </ul>
    ),
  },
  {
    id: "health-data",
    title: "Health information",
    body: (
      <p>
        Skin concerns, medical history and treatment notes are sensitive personal data under the
        NDPA. We collect them only with your explicit consent, at consultation, and use them only to
        plan and deliver your care safely. Please do not put medical details in website forms; tell
        our clinicians in person instead.
      </p>
    ),
  },
  {
    id: "how-we-use",
    title: "How we use your data and our lawful basis",
    body: (
      <ul>
        <li>
          To answer and confirm your booking and deliver your treatment (to take steps at your
          request before a contract, and to perform it).
        </li>
        <li>To process, deliver and support your orders (performance of a contract).</li>
        <li>
          To send our newsletter and offers (your consent, which you can withdraw at any time).
        </li>
        <li>
          To measure our advertising with the Meta Pixel, only if you accept cookies (your consent).
        </li>
        <li>
          To keep records the law requires and to protect our website from abuse (legal obligation
          and legitimate interests).
        </li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <p>
        We do not sell your data. We share it only with service providers who help us run the
        clinic: our payment provider (Paystack), delivery partners (name, phone and address for your
        order), our email provider, our hosting provider, and, if you consent to marketing cookies,
        Meta Platforms. Each processes data under a written agreement. Where data leaves Nigeria we
        rely on the safeguards the NDPA requires.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <p>
        Booking and client records are kept for as long as you are our client and for up to six
        years afterwards for medical and legal records; order and payment records for six years for
        tax purposes; newsletter details until you unsubscribe. Server logs are deleted after 30
        days.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>Under the Nigeria Data Protection Act 2023 you have the right to:</p>
        <ul>
          <li>be informed about how we use your data and to get a copy of it;</li>
          <li>have inaccurate data corrected and, where the law allows, deleted;</li>
          <li>restrict or object to our processing, and withdraw consent at any time;</li>
          <li>receive your data in a portable format;</li>
          <li>complain to the Nigeria Data Protection Commission (NDPC).</li>
        </ul>
        <p>To use any of these rights, email {BUSINESS.email}. We answer within 30 days.</p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security and breaches",
    body: (
      <p>
        We protect your data with encrypted connections, access limited to staff who need it, and
        regular backups. Backups are kept for a limited time: the last 7 daily and 4 weekly copies,
        so data we erase at your request is gone from every backup within 5 weeks. If a breach puts
        your rights at risk, we will report it to the Nigeria Data Protection Commission within 72
        hours and tell you without undue delay.
      </p>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        See our <Link to="/cookie-policy">Cookie Policy</Link> for the cookies and browser storage
        we use and how to change your choice.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We may update this policy. The effective date above shows when it last changed; important
        changes are announced on this website.
      </p>
    ),
  },
];

export const TERMS_INTRO = (
  <p>
    These terms apply when you use the {BUSINESS.name} website, book a treatment or buy products
    from our online shop. By booking or ordering you agree to them. Please read them together with
    our <Link to="/privacy">Privacy Policy</Link>.
  </p>
);

export const TERMS_SECTIONS: PolicySection[] = [
  {
    id: "bookings",
    title: "Appointments and booking fee",
    body: (
      <ul>
        <li>
          Appointments should be booked at least 24 hours in advance. A booking request made on this
          website is confirmed only when our team contacts you.
        </li>
        <li>
          A non-refundable booking fee of {FEE} secures your appointment and is deducted from the
          cost of your treatment.
        </li>
        <li>First-time clients are entitled to a free consultation.</li>
        <li>
          Some treatments (for example injectables) need a consultation first and may not be
          suitable for everyone; our clinicians make the final decision for your safety.
        </li>
      </ul>
    ),
  },
  {
    id: "cancellations",
    title: "Cancellations and rescheduling",
    body: (
      <ul>
        <li>
          Cancellations and changes need at least 24 hours notice. With 24 hours notice we will move
          your booking fee to your new appointment.
        </li>
        <li>
          Cancellations with less than 24 hours notice, and missed appointments, forfeit the booking
          fee.
        </li>
      </ul>
    ),
  },
  {
    id: "late-arrival",
    title: "Late arrival",
    body: (
      <p>
        Please arrive 10 minutes early. If you arrive more than 15 minutes late we may need to
        shorten or reschedule your treatment so that other clients are not kept waiting; the full
        price still applies to a shortened treatment.
      </p>
    ),
  },
  {
    id: "treatments",
    title: "Treatments and results",
    body: (
      <p>
        Results vary from person to person. Please tell us about allergies, medication, pregnancy
        and medical conditions before any treatment; we may decline a treatment that is not safe for
        you. Prices on the website are in Nigerian naira (NGN) and may change; the price confirmed
        at booking applies.
      </p>
    ),
  },
  {
    id: "orders",
    title: "Shop orders and delivery",
    body: (
      <ul>
        <li>
          Prices are in naira and include VAT where it applies. Payment is taken securely by
          Paystack when you order.
        </li>
        <li>
          Orders are processed in 1-2 business days. Delivery times and costs depend on your state
          and are shown at checkout before you pay.
        </li>
        <li>
          If a product becomes unavailable after you pay, we will offer a replacement or a full
          refund.
        </li>
      </ul>
    ),
  },
  {
    id: "returns",
    title: "Returns",
    body: (
      <p>
        For hygiene reasons we can accept returns only of unopened products in their original
        packaging within 7 days of delivery. If a product arrives damaged or wrong, contact us
        within 48 hours with a photo and we will replace it or refund you.
      </p>
    ),
  },
  {
    id: "website",
    title: "Using this website",
    body: (
      <p>
        Information on this website, including the AI treatment advisor, is general guidance and not
        medical advice. Please do not misuse the website or try to access areas that are not public.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability and governing law",
    body: (
      <p>
        Nothing in these terms limits rights you have under Nigerian consumer protection law. These
        terms are governed by the laws of the Federal Republic of Nigeria, and disputes are handled
        by the courts of Lagos State.
      </p>
    ),
  },
];

export const COOKIE_INTRO = (
  <p>
    This policy explains the cookies and similar browser storage used on the {BUSINESS.name}{" "}
    website. We ask for your consent before setting anything that is not strictly necessary.
  </p>
);

export const COOKIE_SECTIONS: PolicySection[] = [
  {
    id: "what-are-cookies",
    title: "What cookies are",
    body: (
      <p>
        Cookies are small files a website stores in your browser. Browser storage (localStorage)
        works in a similar way and stays on your device.
      </p>
    ),
  },
  {
    id: "necessary",
    title: "Strictly necessary",
    body: (
      <ul>
        <li>
          Cart and wishlist (browser storage keys "cart" and "wishlist"): remember what you chose.
          They never leave your device until you check out.
        </li>
        <li>
          Your cookie choice (browser storage key "cookie-consent"): remembers whether you accepted
          or declined.
        </li>
        <li>Staff sign-in (an HttpOnly session cookie): used only in our back office.</li>
      </ul>
    ),
  },
  {
    id: "marketing",
    title: "Marketing (only with your consent)",
    body: (
      <p>
        If you accept, we load the Meta Pixel from Meta Platforms, which sets cookies such as _fbp
        to measure visits, treatment bookings and purchases that come from our adverts. If you
        decline, it is never loaded and nothing is sent to Meta.
      </p>
    ),
  },
  {
    id: "third-party",
    title: "Embedded content",
    body: (
      <p>
        The map on our contact page is provided by Google Maps and is loaded only when you scroll to
        it. Google may set its own cookies when it loads.
      </p>
    ),
  },
  {
    id: "your-choice",
    title: "Changing your choice",
    body: (
      <p>
        You can change your mind at any time with the "Cookie settings" link at the bottom of every
        page, or by clearing your browser's cookies and site data.
      </p>
    ),
  },
];
