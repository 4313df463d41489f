/**
 * React and the React Email parts the clinic's emails are made of, for email-layout.ts, which
 * imports this module on the first render (it says why not at start). Named imports rather than
 * the package's whole namespace: the server bundle (scripts/build-server.ts) then leaves out the
 * parts no email uses (React Email's Tailwind, code blocks, Markdown), whose loading held up the
 * first booking after a restart by a few hundred ms (issue 34).
 */
export {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
export { render } from "@react-email/render";
export { createElement as h } from "react";
