/**
 * The clinic's email layout (issue 17): a subject and paragraphs rendered as the HTML part by
 * React Email in the clinic's style, with a plain-text part of the same paragraphs; templates.ts
 * builds every message's email with it.
 *
 * React Email components are called through createElement: the server runs TypeScript by type
 * stripping, which does not compile JSX. React and React Email are imported on the first render,
 * not with this module: serve.ts imports the scheduler (and so this file) before it sets
 * NODE_ENV=production, and React picks its build when first loaded, so an early import gave
 * the server-side render React's development build beside react-dom's production one (every
 * page answered 500, "dispatcher.getOwner is not a function").
 */
import type { ReactNode } from "react";
import { BUSINESS } from "#common/business.ts";

/** A paragraph of an email: text, a labelled link, or lines kept together (an address). */
export type Block = string | { link: string; label: string } | { lines: string[] };

const styles = {
  body: { backgroundColor: "#f7f3ef", fontFamily: "Helvetica, Arial, sans-serif", margin: 0 },
  container: {
    backgroundColor: "#ffffff",
    margin: "24px auto",
    padding: "24px 32px",
    maxWidth: "560px",
    borderRadius: "8px",
  },
  brand: { color: "#8a5a44", fontSize: "14px", letterSpacing: "0.08em", margin: "0 0 8px" },
  heading: { color: "#3d2b22", fontSize: "22px", margin: "0 0 16px" },
  text: { color: "#3d2b22", fontSize: "15px", lineHeight: "24px", margin: "0 0 14px" },
  link: { color: "#8a5a44", textDecoration: "underline" },
  footer: { color: "#7a6a60", fontSize: "12px", lineHeight: "18px", margin: 0 },
} as const;

/** React's createElement and the React Email parts, loaded on first use (see the file comment). */
const emailKit = () => import("./email-kit.ts");
type EmailKit = Awaited<ReturnType<typeof emailKit>>;

function blockNode({ h, Text, Link }: EmailKit, block: Block, key: number): ReactNode {
  if (typeof block === "string") return h(Text, { key, style: styles.text }, block);
  if ("link" in block) {
    return h(
      Text,
      { key, style: styles.text },
      h(Link, { href: block.link, style: styles.link }, block.label),
    );
  }
  return h(
    Text,
    { key, style: styles.text },
    ...block.lines.flatMap((line, i) => (i === 0 ? [line] : [h("br", { key: i }), line])),
  );
}

function blockText(block: Block): string {
  if (typeof block === "string") return block;
  if ("link" in block)
    return block.label === block.link ? block.link : `${block.label}: ${block.link}`;
  return block.lines.join("\n");
}

/** A rendered email: its subject, HTML part and plain-text part. */
export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * An email in the clinic's style: the HTML part rendered by React Email and the plain-text part
 * with the same paragraphs (links written out).
 */
export async function renderEmail(subject: string, blocks: Block[]): Promise<RenderedEmail> {
  const kit = await emailKit();
  const { h, Html, Head, Preview, Body, Container, Text, Heading, Section, Hr, render } = kit;
  const footer = [BUSINESS.name, BUSINESS.address, `${BUSINESS.phone} · ${BUSINESS.email}`];
  const element = h(
    Html,
    { lang: "en" },
    h(Head, null),
    h(Preview, null, subject),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, BUSINESS.shortName.toUpperCase()),
        h(Heading, { as: "h1", style: styles.heading }, subject),
        h(Section, null, ...blocks.map((block, i) => blockNode(kit, block, i))),
        h(Hr, null),
        h(
          Text,
          { style: styles.footer },
          ...footer.flatMap((l, i) => (i ? [h("br", { key: i }), l] : [l])),
        ),
      ),
    ),
  );
  const html = await render(element);
  const text = [...blocks.map(blockText), "", ...footer].join("\n\n").replace(/\n{3,}/g, "\n\n");
  return { subject, html, text };
}
