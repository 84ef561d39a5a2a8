import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="haat-footer mt-auto py-4">
      <div className="container d-flex flex-column flex-sm-row justify-content-between align-items-center gap-2">
        <p className="mb-0">&copy; {new Date().getFullYear()} Haat</p>
        <nav aria-label="Footer">
          <ul className="list-inline mb-0">
            <li className="list-inline-item">
              <Link to="/terms-conditions">Terms &amp; Conditions</Link>
            </li>
            <li className="list-inline-item">
              <Link to="/help">Help</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
