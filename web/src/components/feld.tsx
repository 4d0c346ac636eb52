import type { ComponentProps, ReactNode } from 'react';

/** What every field has around its control: the id that ties the label to it, the label, a hint below. */
type Rahmen = {
  id: string;
  /** The label above the control. */
  label: ReactNode;
  /** More classes of the field around label and control. */
  feldClassName?: string;
  /** Below the control: a hint on what to enter or choose, a counter. */
  hinweis?: ReactNode;
};

/** A form's field of the design system (.field): the label, the control, a hint. */
function Feld({ id, label, feldClassName, hinweis, children }: Rahmen & { children: ReactNode }) {
  return (
    <div className={feldClassName ? `field ${feldClassName}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hinweis}
    </div>
  );
}

/** The classes of a control: the design system's, then the caller's own. */
const klassen = (basis: string, eigene: string | undefined) => (eigene ? `${basis} ${eigene}` : basis);

/** A field with an input (.input). */
export function EingabeFeld({ id, label, feldClassName, hinweis, className, ...input }: Rahmen & ComponentProps<'input'>) {
  return (
    <Feld id={id} label={label} feldClassName={feldClassName} hinweis={hinweis}>
      <input id={id} className={klassen('input', className)} {...input} />
    </Feld>
  );
}

/** A field with a text area (.input). */
export function TextFeld({ id, label, feldClassName, hinweis, className, ...textarea }: Rahmen & ComponentProps<'textarea'>) {
  return (
    <Feld id={id} label={label} feldClassName={feldClassName} hinweis={hinweis}>
      <textarea id={id} className={klassen('input', className)} {...textarea} />
    </Feld>
  );
}

/** A field with a drop-down list (.input.select); its options are the children. */
export function AuswahlFeld({ id, label, feldClassName, hinweis, className, children, ...select }: Rahmen & ComponentProps<'select'>) {
  return (
    <Feld id={id} label={label} feldClassName={feldClassName} hinweis={hinweis}>
      <select id={id} className={klassen('input select', className)} {...select}>
        {children}
      </select>
    </Feld>
  );
}

/** A form's error, read out as it appears (role alert); nothing while there is none. `id`: what the fields' aria-errormessage names. */
export function FormFehler({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {children}
    </p>
  );
}
