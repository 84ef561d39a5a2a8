import { useState } from 'react';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * Share links (docs/product/screens.md "social share buttons"): plain links to each network's share page, so no
 * third-party script loads on our pages, plus copying the link.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const t = useT();
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const links = [
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${u}`, className: 'haat-share-whatsapp' },
    {
      name: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      className: 'haat-share-facebook',
    },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${text}`, className: 'haat-share-x' },
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
        {t('catalog.share.label')}
      </span>
      <ul className="list-inline d-inline mb-0" aria-labelledby="share-label">
        {links.map((link) => (
          <li key={link.name} className="list-inline-item me-1">
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`btn btn-sm haat-share-link ${link.className}`}
              aria-label={t('catalog.share.on', { network: link.name })}
            >
              {link.name}
            </a>
          </li>
        ))}
        <li className="list-inline-item">
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void copy()}>
            {t('catalog.share.copy')}
          </button>
        </li>
      </ul>
      <span className="small ms-2" role="status">
        {copied === 'done' ? t('catalog.share.copied') : copied === 'failed' ? t('catalog.share.failed') : ''}
      </span>
    </div>
  );
}
