import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export type TabDefinition = {
  key: string;
  /** 'Schließzeiten', shown with the count in brackets. */
  label: string;
  anzahl: number;
  panel: ReactNode;
};

/**
 * ARIA tabs (WAI-ARIA APG, automatic activation): one tab stop; arrow keys, Home and End move
 * between the tabs and show their panel at once.
 */
export function EintragTabs({ tabs, label }: { tabs: readonly TabDefinition[]; label: string }) {
  const id = useId();
  const [aktiv, setAktiv] = useState(tabs[0]?.key ?? '');
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const waehle = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setAktiv(tab.key);
    refs.current.get(tab.key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const ziel: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const neu = ziel[event.key];
    if (neu === undefined) return;
    event.preventDefault();
    waehle(neu);
  };

  return (
    <div className="sz-tabs">
      <div className="sz-tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const ausgewaehlt = tab.key === aktiv;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) refs.current.set(tab.key, element);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              className="sz-tabs__tab"
              aria-selected={ausgewaehlt}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={ausgewaehlt ? 0 : -1}
              onClick={() => setAktiv(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span>{tab.label}</span> <span className="sz-tabs__count">({tab.anzahl})</span>
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          className="sz-tabs__panel"
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== aktiv}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs: the panel is a tab stop so its content is reached right after the tab list.
          tabIndex={0}
        >
          {tab.key === aktiv && tab.panel}
        </div>
      ))}
    </div>
  );
}
