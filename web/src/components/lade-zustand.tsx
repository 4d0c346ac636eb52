/** Stands where a screen's content will be while it loads: a spinner and what is loading. */
export function LadePanel({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `loading-panel ${className}` : 'loading-panel'} role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

type LadeFehlerKarteProps = {
  /** What could not be loaded. */
  titel: string;
  /** The card's accessible name. */
  hinweis: string;
  /** The button's label and what it does: loads again. */
  erneut: string;
  onErneut: () => void;
  /** The card's look: the duty screens' notice, unless a screen has its own. */
  className?: string;
  titelClassName?: string;
};

/** Stands instead of a screen's content that could not be loaded: what failed and a button to try again. */
export function LadeFehlerKarte({
  titel,
  hinweis,
  erneut,
  onErneut,
  className = 'wd-card wd-notice',
  titelClassName = 'wd-notice__title',
}: LadeFehlerKarteProps) {
  return (
    <section className={`card ${className}`} aria-label={hinweis}>
      <p className={titelClassName}>{titel}</p>
      <button type="button" className="btn btn--primary" onClick={onErneut}>
        {erneut}
      </button>
    </section>
  );
}
