import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * Whether a disclosure (the header's collapsed menu, a dropdown) is open: it closes by itself when the
 * page changes, as it is opened "at" a path, so no effect has to close it.
 */
export function useOpenOnThisPage(): [boolean, (open: boolean) => void] {
  // Re-render when the page changes; the address compared is the browser's, not the router's: while the
  // next page loads, the router may still show the previous one (under React it keeps it for the
  // transition), and a menu opened then belongs to the new address (keyed on the router's, it would
  // close as soon as that page appeared).
  useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const setOpen = useCallback((open: boolean) => setOpenAt(open ? browserAddress() : null), []);
  return [openAt !== null && openAt === browserAddress(), setOpen];
}

/** The page's address as the browser shows it (only read in the browser: nothing is open on the server). */
function browserAddress(): string {
  return window.location.pathname + window.location.search;
}

/**
 * A dropdown of links in the header, with Bootstrap's dropdown classes and no JavaScript of Bootstrap's
 * (docs/decisions/0127-page-weight-images-seo.md): a button that shows and hides a list (the disclosure
 * pattern, aria-expanded). It closes on Escape (focus back on the button), on a click outside it, on a
 * click on one of its items and when the page changes.
 */
export function NavMenu({
  id,
  title,
  align = 'start',
  className = '',
  onOpen,
  children,
}: {
  id: string;
  title: ReactNode;
  align?: 'start' | 'end';
  className?: string;
  /** Called when the menu opens (to load what it shows the first time). */
  onOpen?: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useOpenOnThisPage();
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  return (
    <div ref={box} className={`nav-item dropdown ${className}`}>
      <button
        ref={toggle}
        type="button"
        id={id}
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls={`${id}-items`}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        {title}
      </button>
      <div
        id={`${id}-items`}
        className={`dropdown-menu${align === 'end' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
        data-bs-popper="static"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a, button')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
