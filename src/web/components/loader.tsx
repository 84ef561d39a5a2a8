import Spinner from 'react-bootstrap/Spinner';

/** The one loading indicator: a spinner announced to screen readers. */
export function Loader({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  if (inline) {
    return (
      <Spinner animation="border" size="sm" role="status">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    );
  }
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status" className="haat-spinner">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}
