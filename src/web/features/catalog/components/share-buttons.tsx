import { useState } from 'react';

/**
 * Share links (docs/product/screens.md "social share buttons"): plain links to each network's share page, so no
 * third-party script loads on our pages, plus copying the link.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links = [
    { name: 'WhatsApp', href: `https://wa.me/?text=${t}%20${u}`, className: 'haat-share-whatsapp' },
    {
      name: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      className: 'haat-share-facebook',
    },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}`, className: 'haat-share-x' },
  ];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('done');
    } catch {
      setCopied('failed'); // no clipboard permission (or an insecure origin): the address bar still has it
    }
  };

  return (
    <div className="haat-share">
      <span className="small text-body-secondary me-1" id="share-label">
        Share:
      </span>
      <ul className="list-inline d-inline mb-0" aria-labelledby="share-label">
        {links.map((link) => (
          <li key={link.name} className="list-inline-item me-1">
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`btn btn-sm haat-share-link ${link.className}`}
              aria-label={`Share on ${link.name} (opens in a new tab)`}
            >
              {link.name}
            </a>
          </li>
        ))}
        <li className="list-inline-item">
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void copy()}>
            Copy link
          </button>
        </li>
      </ul>
      <span className="small ms-2" role="status">
        {copied === 'done' ? 'Link copied' : copied === 'failed' ? 'Could not copy; use the address bar' : ''}
      </span>
    </div>
  );
}
