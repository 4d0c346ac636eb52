import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '@/hooks/use-toast';

type ToastProps = {
  toast: ToastMessage | null;
  onDismiss: () => void;
  /** How long the message stays (docs/produkt.md §9: 3 s on the duty and swap screens, 5 s elsewhere). */
  durationMs: number;
};

/**
 * A short message at the bottom of the screen: green with role="status" for a success, red with
 * role="alert" for an error. It goes away by itself after `durationMs` (the time starts afresh while
 * the pointer or the keyboard focus rests on it) and can be closed with its × button.
 */
export function Toast({ toast, onDismiss, durationMs }: ToastProps) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const toastId = toast?.id;

  useEffect(() => {
    if (toastId === undefined || paused) return;
    const timer = window.setTimeout(onDismiss, durationMs);
    return () => window.clearTimeout(timer);
  }, [toastId, paused, durationMs, onDismiss]);

  // A new message is never born paused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the message changes
  useEffect(() => setPaused(false), [toastId]);

  return (
    <div className="toast-region">
      {toast && (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only hold the timer, they do nothing.
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <span className="toast__icon" aria-hidden="true">
            {toast.kind === 'error' ? '!' : '✓'}
          </span>
          {/* Only the message is the live region: screen readers announce the text, not the icon or the button. */}
          <p className="toast__text" role={toast.kind === 'error' ? 'alert' : 'status'}>
            {toast.text}
          </p>
          <button type="button" className="toast__close" aria-label={t('allgemein.meldungSchliessen')} onClick={onDismiss}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}
