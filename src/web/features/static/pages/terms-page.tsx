import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHead } from '#web/components/page-head.tsx';

type Section = { id: string; title: string; body: ReactNode };

const sections: Section[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          Haat is an online marketplace where independent sellers offer clothing and similar goods to buyers.
          These terms apply to everyone who uses Haat: visitors, buyers and sellers. By creating an account,
          placing an order or listing a product you agree to them. If you do not agree, please do not use
          Haat.
        </p>
        <p>
          Each product is sold by the seller named on its page. Haat runs the marketplace, takes payments on
          the sellers&apos; behalf, and handles support, refunds and disputes as described below.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          You must give true, current details (name, mobile number, e-mail and address) and keep them up to
          date.
        </li>
        <li>
          Keep your password secret. You are responsible for what is done with your account until you tell us
          it has been misused.
        </li>
        <li>
          We may suspend an account that breaks these terms, is used for fraud, or puts other users at risk.
        </li>
      </ul>
    ),
  },
  {
    id: 'orders',
    title: 'Orders and prices',
    body: (
      <>
        <p>
          Prices are set by sellers in Indian rupees (INR). Prices shown in other currencies are converted at
          the current rate for your convenience; the amount charged is the one shown on the order summary
          before you place the order. Goods and Services Tax (GST) is added at the rate that applies to each
          product and shown separately.
        </p>
        <p>
          An order is a request to buy. It is accepted when payment succeeds or, for cash on delivery, when
          the order is confirmed. If a product turns out to be unavailable, we cancel that item and refund
          anything you paid for it.
        </p>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment methods',
    body: (
      <>
        <p>We accept the following payment methods:</p>
        <ul>
          <li>
            <strong>RazorPay</strong>: cards, UPI, net banking and wallets.
          </li>
          <li>
            <strong>PayPal</strong>. PayPal does not accept rupees from Indian accounts, so an order priced in
            INR is charged in US dollars at the rate stored with your order; we tell you this before you
            choose PayPal.
          </li>
          <li>
            <strong>Cash on delivery</strong>: pay the courier when your order arrives.
          </li>
        </ul>
        <p>
          Cards accepted: <strong>Visa</strong>, <strong>Mastercard</strong>, <strong>RuPay</strong> and{' '}
          <strong>American Express</strong>. Card details are handled by the payment providers and never
          stored by Haat.
        </p>
      </>
    ),
  },
  {
    id: 'delivery',
    title: 'Shipping and delivery',
    body: (
      <>
        <p>
          Orders are delivered within <strong>seven working days</strong> of being confirmed. We will let you
          know if a delivery is delayed.
        </p>
        <p>
          Shipping cost depends on the distance and the region of the delivery address. Shipping is currently{' '}
          <strong>free</strong> on all orders; if that changes, the cost will be shown before you place your
          order.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Returns and refunds',
    body: (
      <ul>
        <li>
          Refund claims must be made <strong>within one week of delivery</strong>. Please write to us with
          your order number and a description of the problem.
        </li>
        <li>
          Every claim must include an <strong>unboxing video</strong>: a continuous video of the sealed parcel
          being opened and the product inside. Without it we cannot confirm damage, defects or missing items.
        </li>
        <li>
          Once we confirm a claim, the refund is paid <strong>within 7 days of confirmation</strong>, to the
          original payment method (or to your bank account for cash on delivery orders).
        </li>
        <li>Products must be returned unused, with their tags and original packaging.</li>
      </ul>
    ),
  },
  {
    id: 'sellers',
    title: "Sellers' obligations",
    body: (
      <>
        <p>Sellers on Haat agree to:</p>
        <ul>
          <li>
            give accurate registration details, identity proof and business documents (GSTIN for companies,
            UIN for individuals); new seller profiles are reviewed within 3-5 days before selling starts;
          </li>
          <li>
            list only genuine goods they are allowed to sell, with honest descriptions, images, sizes and
            prices;
          </li>
          <li>
            keep stock counts correct and dispatch orders in time for delivery within seven working days;
          </li>
          <li>honour refunds confirmed under these terms and cooperate in resolving claims;</li>
          <li>comply with Indian law, including GST and consumer protection rules;</li>
          <li>
            accept that Haat keeps the category markup shown to them from each sale and pays out the rest for
            each delivered and paid item.
          </li>
        </ul>
        <p>We may deactivate listings or seller accounts that break these obligations.</p>
      </>
    ),
  },
  {
    id: 'reviews',
    title: 'Reviews and content',
    body: (
      <p>
        Reviews must be honest and about the product. We may remove reviews or listings that are abusive,
        misleading, infringe someone else&apos;s rights or break the law.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <>
        <p>
          We use your personal data only to run the marketplace: to create your account, deliver orders, take
          payments, send order e-mails and prevent fraud. Sellers receive only what they need to fulfil your
          order. Identity documents of sellers are kept private and seen only by the staff who review them.
        </p>
        <p>
          We do not sell your personal data. You may ask us for a copy of your data, or to correct or delete
          it, by writing to <a href="mailto:support@haat.test">support@haat.test</a>; some records (such as
          invoices) must be kept as the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        Haat is responsible for running the marketplace with reasonable care. Sellers are responsible for
        their products. Nothing in these terms limits rights you have as a consumer under Indian law.
      </p>
    ),
  },
  {
    id: 'disputes',
    title: 'Disputes',
    body: (
      <ol>
        <li>
          If you have a dispute with Haat or a seller about an order, please contact us first. The parties
          will try to settle it by <strong>informal negotiation for 30 days</strong> from the day the dispute
          is raised in writing.
        </li>
        <li>
          If it is not settled within those 30 days, it will be finally resolved by{' '}
          <strong>arbitration</strong> under the Arbitration and Conciliation Act, 1996, before{' '}
          <strong>three arbitrators</strong>. The seat and venue of arbitration is <strong>New Delhi</strong>,
          and the proceedings are in English.
        </li>
      </ol>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of <strong>India</strong>. Subject to the arbitration clause
        above, the courts at New Delhi have jurisdiction.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; the version in force when you place an order applies to that order.
        Questions? Write to <a href="mailto:support@haat.test">support@haat.test</a> or see the{' '}
        <Link to="/help">Help</Link> page.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <article className="haat-prose">
      <PageHead title="Terms &amp; Conditions · Haat" />
      <h1 className="h2 mb-1">Terms &amp; Conditions</h1>
      <p className="text-body-secondary">Last updated: 1 November 2025</p>
      <nav aria-label="Contents" className="mb-4">
        <h2 className="h6 text-uppercase text-body-secondary">Contents</h2>
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
