import { MessageIcon } from './tile-icons';

export const KEINE_MITTEILUNGEN = 'Zukünftige Mitteilungen findest du hier!';

/** 'Mitteilungen': the current announcement (SPEC.md §4 local messages). */
export function MessagesPanel({ announcement = KEINE_MITTEILUNGEN }: { announcement?: string }) {
  return (
    <section className="card messages-panel" aria-labelledby="messages-title">
      <span className="messages-panel__icon">
        <MessageIcon />
      </span>
      <div>
        <h2 id="messages-title" className="messages-panel__title">
          Mitteilungen
        </h2>
        <p className="messages-panel__text">{announcement}</p>
      </div>
    </section>
  );
}
