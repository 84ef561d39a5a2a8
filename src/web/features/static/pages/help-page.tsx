import { Link } from 'react-router';
import { PageHead } from '#web/components/page-head.tsx';

export function HelpPage() {
  return (
    <section className="haat-prose">
      <PageHead title="Help · Haat" />
      <h1 className="h2 mb-3">Help &amp; Support</h1>
      <p className="lead">We are happy to help with orders, payments, returns and selling on Haat.</p>

      <div className="row g-3 mb-4">
        <div className="col-12 col-md-4">
          <div className="card h-100 border-0 shadow-sm">
            <div className="card-body">
              <h2 className="h5">E-mail</h2>
              <p className="mb-1">
                <a href="mailto:support@haat.test">support@haat.test</a>
              </p>
              <p className="small text-body-secondary mb-0">We answer within one working day.</p>
            </div>
          </div>
        </div>
        <div className="col-12 col-md-4">
          <div className="card h-100 border-0 shadow-sm">
            <div className="card-body">
              <h2 className="h5">Phone</h2>
              <p className="mb-1">
                <a href="tel:+911140000000">+91 11 4000 0000</a>
              </p>
              <p className="small text-body-secondary mb-0">Calls in English and Hindi.</p>
            </div>
          </div>
        </div>
        <div className="col-12 col-md-4">
          <div className="card h-100 border-0 shadow-sm">
            <div className="card-body">
              <h2 className="h5">Hours</h2>
              <p className="mb-1">Monday to Saturday, 9:00 to 18:00 IST</p>
              <p className="small text-body-secondary mb-0">Closed on Sundays and national holidays.</p>
            </div>
          </div>
        </div>
      </div>

      <h2 className="h4 mt-2">Before you write</h2>
      <ul>
        <li>
          <strong>Where is my order?</strong> Sign in and open your <Link to="/profile">profile</Link>; each
          purchase shows whether it has been paid and delivered. Orders are delivered within seven working
          days.
        </li>
        <li>
          <strong>Returns and refunds:</strong> claim within one week of delivery and keep a video of the
          parcel being opened. See the <Link to="/terms-conditions#refunds">refund terms</Link>.
        </li>
        <li>
          <strong>Selling on Haat:</strong> <Link to="/registration_choice">register as a seller</Link>; we
          review new seller profiles within 3-5 days.
        </li>
        <li>
          <strong>Forgotten password:</strong> <Link to="/forgot-password">request a reset link</Link>.
        </li>
      </ul>
      <p>Please include your order number when you write about an order, so we can help faster.</p>
    </section>
  );
}
