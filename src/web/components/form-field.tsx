import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import { Said } from './said.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * Labelled form controls with their help text and validation message wired up for screen readers
 * (aria-describedby, aria-invalid). Spread react-hook-form's `register(name)` into them.
 */
type Common = {
  label: ReactNode;
  error?: string | undefined;
  help?: ReactNode;
  className?: string;
};

type InputProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'className' | 'value' | 'prefix'> & {
    ref?: Ref<HTMLInputElement>;
    value?: string | number;
    /** A fixed text before the input ('+91'): shown, read with the field, never part of its value. */
    prefix?: string | undefined;
  };

function describedBy(helpId: string, errorId: string, help: ReactNode, error: string | undefined) {
  return [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
}

/** What a control spreads so screen readers hear its help text and its error. */
type Wiring = {
  isInvalid: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The label, help text and validation message around one control, shared by TextField and SelectField. */
function Field({
  label,
  error,
  help,
  className,
  id,
  prefix,
  control,
}: Common & { id: string | undefined; prefix?: string | undefined; control: (wiring: Wiring) => ReactNode }) {
  const autoId = useUniqueId();
  const controlId = id ?? autoId;
  const helpId = `${controlId}-help`;
  const errorId = `${controlId}-error`;
  const prefixId = `${controlId}-prefix`;
  const wiring: Wiring = {
    isInvalid: !!error,
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [prefix ? prefixId : null, describedBy(helpId, errorId, help, error)].filter(Boolean).join(' ') ||
      undefined,
  };
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      {prefix ? (
        <div className="input-group has-validation">
          <span className="input-group-text" id={prefixId}>
            {prefix}
          </span>
          {control(wiring)}
        </div>
      ) : (
        control(wiring)
      )}
      {help ? (
        <Form.Text id={helpId} muted>
          {help}
        </Form.Text>
      ) : null}
      {error ? (
        <Form.Control.Feedback type="invalid" id={errorId} className={prefix ? 'd-block' : undefined}>
          <Said text={error} />
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}

export function TextField({ label, error, help, className, id, prefix, ...input }: InputProps) {
  return (
    <Field
      label={label}
      error={error}
      help={help}
      className={className}
      id={id}
      prefix={prefix}
      control={(wiring) => <Form.Control {...input} {...wiring} />}
    />
  );
}

type SelectProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'className'> & {
    ref?: Ref<HTMLSelectElement>;
    children: ReactNode;
  };

export function SelectField({ label, error, help, className, id, children, ...select }: SelectProps) {
  return (
    <Field
      label={label}
      error={error}
      help={help}
      className={className}
      id={id}
      control={(wiring) => (
        <Form.Select {...select} {...wiring}>
          {children}
        </Form.Select>
      )}
    />
  );
}

/** A submit button that shows a spinner and blocks double submission while the request runs. */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  className,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className ?? ''}`.trim()}
      disabled={pending}
      aria-busy={pending}
    >
      {pending ? (
        <>
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {pendingLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
