import type { FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { Link, matchPath, NavLink, useLocation, useNavigate } from 'react-router';
import { backOfficeMenu, backOfficeTitle, sellerMenu } from '#shared/permissions.ts';
import { useSession } from '#web/lib/session.ts';
import { useLogout } from '#web/features/auth/index.ts';
import { useCart } from '#web/lib/cart/cart-context.tsx';
import { CurrencyPicker } from '#web/components/currency-picker.tsx';
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
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = decodeSegment(matchPath('/search/:keyword/*', pathname)?.params.keyword ?? '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(keyword ? `/search/${encodeURIComponent(keyword)}` : '/');
  };

  return (
    <form role="search" className="d-flex my-2 my-lg-0 me-lg-3 haat-search" onSubmit={onSubmit}>
      <input
        key={current}
        name="q"
        type="search"
        defaultValue={current}
        className="form-control me-2"
        placeholder="Search products…"
        aria-label="Search products"
      />
      <button type="submit" className="btn btn-warning fw-semibold">
        Search
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
  return (
    <Nav.Link as={NavLink} to="/cart" eventKey="/cart" className={`align-items-center gap-1 ${className}`}>
      <CartIcon />
      Cart
      {totalQty > 0 ? (
        <Badge pill bg="warning" text="dark" className="ms-1">
          {totalQty}
          <span className="visually-hidden"> items</span>
        </Badge>
      ) : null}
    </Nav.Link>
  );
}

export function Header() {
  const { displayActor: actor } = useSession();
  const { totalQty } = useCart();
  const logout = useLogout();

  const sellerLinks = sellerMenu(actor);
  const officeLinks = backOfficeMenu(actor);

  return (
    <header>
      <Navbar expand="lg" variant="dark" className="haat-navbar" collapseOnSelect>
        <Container>
          <Navbar.Brand as={Link} to="/" className="haat-brand">
            <BrandMark />
            Haat
          </Navbar.Brand>
          <Nav className="ms-auto me-2 d-lg-none flex-row gap-2">
            <Nav.Link
              as={NavLink}
              to="/wishlist"
              eventKey="/wishlist"
              className="d-flex"
              aria-label="Wishlist"
            >
              <Heart />
            </Nav.Link>
            <CartLink totalQty={totalQty} className="d-flex" />
          </Nav>
          <Navbar.Toggle aria-controls="main-nav" aria-label="Toggle navigation" />
          <Navbar.Collapse id="main-nav">
            <Nav className="me-lg-2">
              <CategoryMenu />
            </Nav>
            <SearchBox />
            <Nav className="ms-auto align-items-lg-center">
              <CurrencyPicker className="me-lg-2" />
              <Nav.Link
                as={NavLink}
                to="/wishlist"
                eventKey="/wishlist"
                className="d-none d-lg-flex align-items-center gap-1"
              >
                <Heart />
                Wishlist
              </Nav.Link>
              <CartLink totalQty={totalQty} className="d-none d-lg-flex" />
              {actor ? (
                <NavDropdown title={actor.name} id="user-menu" align="end">
                  <NavDropdown.Item as={Link} to="/profile" eventKey="/profile">
                    Profile
                  </NavDropdown.Item>
                  {sellerLinks.map((link) => (
                    <NavDropdown.Item key={link.to} as={Link} to={link.to} eventKey={link.to}>
                      {link.label}
                    </NavDropdown.Item>
                  ))}
                  <NavDropdown.Divider />
                  <NavDropdown.Item
                    as="button"
                    eventKey="logout"
                    onClick={() => logout.mutate()}
                    disabled={logout.isPending}
                  >
                    Logout
                  </NavDropdown.Item>
                </NavDropdown>
              ) : (
                <Nav.Link as={NavLink} to="/login" eventKey="/login">
                  Sign In
                </Nav.Link>
              )}
              {actor && officeLinks.length > 0 ? (
                <NavDropdown title={backOfficeTitle(actor)} id="back-office-menu" align="end">
                  {officeLinks.map((link) => (
                    <NavDropdown.Item key={link.to} as={Link} to={link.to} eventKey={link.to}>
                      {link.label}
                    </NavDropdown.Item>
                  ))}
                </NavDropdown>
              ) : null}
              <Nav.Link as={NavLink} to="/help" eventKey="/help">
                Help
              </Nav.Link>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
