/**
 * The product page's share menu (storefront spec §2 "/product/{id}": social and messaging links,
 * 'Copy link'), on Radix UI's DropdownMenu. A separate chunk that ./product-purchase.tsx loads
 * when its Share button is hovered, focused or pressed (issue 15: no share code in first load).
 */
import { Link2, Share2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";

/** Share targets for a product page address (spec §2: social and messaging sites). */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "WhatsApp", href: `https://wa.me/?text=${t}%20${u}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "X (Twitter)", href: `https://twitter.com/intent/tweet?text=${t}&url=${u}` },
    { name: "Telegram", href: `https://t.me/share/url?url=${u}&text=${t}` },
    {
      name: "Pinterest",
      href: `https://pinterest.com/pin/create/button/?url=${u}&description=${t}`,
    },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "Email", href: `mailto:?subject=${t}&body=${t}%20${u}` },
  ];
}

/** The Share button as the menu's trigger, and the menu. */
export default function ShareMenu({
  pageUrl,
  productName,
  open,
  onOpenChange,
  onShare,
  onCopy,
  buttonClassName,
}: {
  /** Absolute address of the product page. */
  pageUrl: string;
  productName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The system share sheet where there is one (it opens this menu otherwise). */
  onShare: () => void;
  onCopy: () => void;
  buttonClassName: string;
}) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label="Share"
          onClick={(event) => {
            event.preventDefault();
            onShare();
          }}
          onPointerDown={(event) => event.preventDefault()}
          className={buttonClassName}
        >
          <Share2 className="h-5 w-5" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-xl border border-brand-100 bg-white p-1.5 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold uppercase tracking-wider text-stone-600">
            Share this product
          </DropdownMenu.Label>
          {shareLinks(pageUrl, productName).map((link) => (
            <DropdownMenu.Item key={link.name} asChild>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="block rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-100"
              >
                {link.name}
              </a>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-brand-100" />
          <DropdownMenu.Item
            onSelect={onCopy}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-100"
          >
            <Link2 className="h-4 w-4" aria-hidden />
            Copy link
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
