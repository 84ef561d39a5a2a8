import type { FormEvent } from 'react';
import { Link, matchPath, NavLink, useLocation, useNavigate } from 'react-router';
import {
  backOfficeMenu,
  backOfficeTitle,
  menuMessageId,
  officeMessageId,
  sellerMenu,
} from '#shared/permissions.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useSession } from '#web/lib/session.ts';
import { useLogout } from '#web/features/auth/index.ts';
import { useCart } from '#web/lib/cart/cart-context.tsx';
import { CurrencyPicker } from '#web/components/currency-picker.tsx';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { NavMenu, useOpenOnThisPage } from '#web/components/nav-menu.tsx';
import { Heart } from '#web/components/wishlist-button.tsx';
import { CategoryMenu } from '#web/features/catalog/index.ts';

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape in a typed URL: show it as it is
  }
}

/** The search box: a keyword goes to /search/{keyword}; a blank one goes home (docs/product/screens.md, docs/product/messages.md). */
function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = decodeSegment(matchPath('/search/:keyword/*', pathname)?.params.keyword ?? '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(keyword ? `/search/${encodeURIComponent(keyword)}` : '/');
  };

  return (
    <form role="search" className="d-flex haat-search" onSubmit={onSubmit}>
      <input
        key={current}
        name="q"
        type="search"
        defaultValue={current}
        className="form-control me-2"
        placeholder={t('common.header.searchPlaceholder')}
        aria-label={t('common.header.searchLabel')}
      />
      <button type="submit" className="btn btn-warning fw-semibold">
        {t('common.header.search')}
      </button>
    </form>
  );
}

function CartIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path
        d="M2 3h3l2.6 12.4a1.5 1.5 0 0 0 1.5 1.1h8.8a1.5 1.5 0 0 0 1.5-1.2L21 7H6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A market-stall awning in saffron: the "haat" is a village market. */
function BrandMark() {
  return (
    <svg className="haat-brand-mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="16" fill="#f59e0b" />
      <path d="M7 13 9 8h14l2 5z" fill="#0a4f4c" />
      <path
        d="M7 13a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0"
        fill="#fff4dc"
        stroke="#0a4f4c"
        strokeWidth="1.2"
      />
      <path d="M9 16v8h14v-8" fill="none" stroke="#0a4f4c" strokeWidth="2" strokeLinejoin="round" />
      <path d="M14 24v-4h4v4" fill="#0a4f4c" />
    </svg>
  );
}

/** The cart link with its quantity badge (shown in the bar on phones, in the menu on wide screens). */
function CartLink({ totalQty, className }: { totalQty: number; className: string }) {
  const t = useT();
  return (
    <NavLink to="/cart" className={`nav-link align-items-center gap-1 ${className}`}>
      <CartIcon />
      {t('common.header.cart')}
      {totalQty > 0 ? (
        <span className="badge rounded-pill bg-warning text-dark ms-1">
          {totalQty}
          <span className="visually-hidden"> {t('common.header.itemsWord', { count: totalQty })}</span>
        </span>
      ) : null}
    </NavLink>
  );
}

/**
 * The header: Bootstrap's navbar markup driven by React state, without react-bootstrap's components or
 * Bootstrap's JavaScript, so the page shell stays small (docs/decisions/0127-page-weight-images-seo.md).
 * The menu collapses behind a toggler below the xl breakpoint (1200 px) and closes when the page changes; the search
 * box stays outside it, a row of its own on narrow screens, so a phone can search without opening the menu.
 */
export function Header() {
  const t = useT();
  const { displayActor: actor } = useSession();
  const { totalQty } = useCart();
  const logout = useLogout();
  const [expanded, setExpanded] = useOpenOnThisPage();

  const sellerLinks = sellerMenu(actor);
  const officeLinks = backOfficeMenu(actor);

  return (
    <header>
      <nav
        className="navbar navbar-expand-xl navbar-dark haat-navbar"
        aria-label={t('common.header.mainNav')}
      >
        <div className="container">
          <Link to="/" className="navbar-brand haat-brand">
            <BrandMark />
            {t('common.brand')}
          </Link>
          <div className="navbar-nav ms-auto me-2 d-xl-none flex-row gap-2">
            <NavLink to="/wishlist" className="nav-link d-flex" aria-label={t('common.header.wishlist')}>
              <Heart />
            </NavLink>
            <CartLink totalQty={totalQty} className="d-flex" />
          </div>
          <button
            type="button"
            className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
            aria-controls="main-nav"
            aria-expanded={expanded}
            aria-label={t('common.header.toggleNavigation')}
            onClick={() => setExpanded(!expanded)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          {/* Outside the collapsed menu: on phones its own row under the brand, always in reach. */}
          <SearchBox />
          <div id="main-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
            <div className="navbar-nav me-xl-2">
              <CategoryMenu />
            </div>
            <div className="navbar-nav ms-auto align-items-xl-center haat-account-nav">
              <LanguageSwitch className="me-xl-2 my-2 my-xl-0" />
              <CurrencyPicker className="me-xl-2" />
              <NavLink to="/wishlist" className="nav-link d-none d-xl-flex align-items-center gap-1">
                <Heart />
                {t('common.header.wishlist')}
              </NavLink>
              <CartLink totalQty={totalQty} className="d-none d-xl-flex" />
              {actor ? (
                <NavMenu id="user-menu" title={actor.name} align="end">
                  <Link to="/profile" className="dropdown-item">
                    {t('common.header.profile')}
                  </Link>
                  {sellerLinks.map((link) => (
                    <Link key={link.to} to={link.to} className="dropdown-item">
                      {t(menuMessageId(link.label))}
                    </Link>
                  ))}
                  <hr className="dropdown-divider" />
                  <button
                    type="button"
                    className="dropdown-item"
                    onClick={() => logout.mutate()}
                    disabled={logout.isPending}
                  >
                    {t('common.header.logout')}
                  </button>
                </NavMenu>
              ) : (
                <NavLink to="/login" className="nav-link">
                  {t('common.header.signIn')}
                </NavLink>
              )}
              {actor && officeLinks.length > 0 ? (
                <NavMenu id="back-office-menu" title={t(officeMessageId(backOfficeTitle(actor)))} align="end">
                  {officeLinks.map((link) => (
                    <Link key={link.to} to={link.to} className="dropdown-item">
                      {t(menuMessageId(link.label))}
                    </Link>
                  ))}
                </NavMenu>
              ) : null}
              <NavLink to="/help" className="nav-link">
                {t('common.header.help')}
              </NavLink>
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
