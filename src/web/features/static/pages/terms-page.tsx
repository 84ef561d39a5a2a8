import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHead } from '#web/components/page-head.tsx';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';

type Section = { id: string; title: string; body: ReactNode };

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const support = (chunks: ReactNode[]) => <a href="mailto:support@haat.test">{chunks}</a>;

/** The terms, section by section, in the page's language. */
function sectionsFor(t: Translate): Section[] {
  return [
    {
      id: 'about',
      title: t('static.terms.about.title'),
      body: (
        <>
          <p>{t('static.terms.about.p1')}</p>
          <p>{t('static.terms.about.p2')}</p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: t('static.terms.accounts.title'),
      body: (
        <ul>
          <li>{t('static.terms.accounts.li1')}</li>
          <li>{t('static.terms.accounts.li2')}</li>
          <li>{t('static.terms.accounts.li3')}</li>
        </ul>
      ),
    },
    {
      id: 'orders',
      title: t('static.terms.orders.title'),
      body: (
        <>
          <p>{t('static.terms.orders.p1')}</p>
          <p>{t('static.terms.orders.p2')}</p>
        </>
      ),
    },
    {
      id: 'payment',
      title: t('static.terms.payment.title'),
      body: (
        <>
          <p>{t('static.terms.payment.intro')}</p>
          <ul>
            <li>{t.rich('static.terms.payment.razorpay', { strong })}</li>
            <li>{t.rich('static.terms.payment.paypal', { strong })}</li>
            <li>{t.rich('static.terms.payment.cod', { strong })}</li>
          </ul>
          <p>{t.rich('static.terms.payment.cards', { strong })}</p>
        </>
      ),
    },
    {
      id: 'delivery',
      title: t('static.terms.delivery.title'),
      body: (
        <>
          <p>{t.rich('static.terms.delivery.p1', { strong })}</p>
          <p>{t.rich('static.terms.delivery.p2', { strong })}</p>
        </>
      ),
    },
    {
      id: 'refunds',
      title: t('static.terms.refunds.title'),
      body: (
        <ul>
          <li>{t.rich('static.terms.refunds.li1', { strong })}</li>
          <li>{t.rich('static.terms.refunds.li2', { strong })}</li>
          <li>{t.rich('static.terms.refunds.li3', { strong })}</li>
          <li>{t('static.terms.refunds.li4')}</li>
        </ul>
      ),
    },
    {
      id: 'sellers',
      title: t('static.terms.sellers.title'),
      body: (
        <>
          <p>{t('static.terms.sellers.intro')}</p>
          <ul>
            <li>{t('static.terms.sellers.li1')}</li>
            <li>{t('static.terms.sellers.li2')}</li>
            <li>{t('static.terms.sellers.li3')}</li>
            <li>{t('static.terms.sellers.li4')}</li>
            <li>{t('static.terms.sellers.li5')}</li>
            <li>{t('static.terms.sellers.li6')}</li>
          </ul>
          <p>{t('static.terms.sellers.outro')}</p>
        </>
      ),
    },
    {
      id: 'reviews',
      title: t('static.terms.reviews.title'),
      body: <p>{t('static.terms.reviews.p1')}</p>,
    },
    {
      id: 'privacy',
      title: t('static.terms.privacy.title'),
      body: (
        <>
          <p>{t('static.terms.privacy.p1')}</p>
          <p>{t.rich('static.terms.privacy.p2', { a: support })}</p>
        </>
      ),
    },
    {
      id: 'liability',
      title: t('static.terms.liability.title'),
      body: <p>{t('static.terms.liability.p1')}</p>,
    },
    {
      id: 'disputes',
      title: t('static.terms.disputes.title'),
      body: (
        <ol>
          <li>{t.rich('static.terms.disputes.li1', { strong })}</li>
          <li>{t.rich('static.terms.disputes.li2', { strong })}</li>
        </ol>
      ),
    },
    {
      id: 'law',
      title: t('static.terms.law.title'),
      body: <p>{t.rich('static.terms.law.p1', { strong })}</p>,
    },
    {
      id: 'changes',
      title: t('static.terms.changes.title'),
      body: (
        <p>
          {t.rich('static.terms.changes.p1', {
            a: support,
            link: (chunks) => <Link to="/help">{chunks}</Link>,
          })}
        </p>
      ),
    },
  ];
}

export function TermsPage() {
  const t = useT();
  const sections = sectionsFor(t);
  return (
    <article className="haat-prose">
      <PageHead title={t('static.terms.pageTitle')} />
      <h1 className="h2 mb-1">{t('static.terms.heading')}</h1>
      <p className="text-body-secondary">{t('static.terms.lastUpdated')}</p>
      <nav aria-label={t('static.terms.contents')} className="mb-4">
        <h2 className="h6 text-uppercase text-body-secondary">{t('static.terms.contents')}</h2>
        <ol className="haat-toc">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mb-4">
          <h2 id={`${s.id}-title`} className="h4">
            {i + 1}. {s.title}
          </h2>
          {s.body}
        </section>
      ))}
    </article>
  );
}
