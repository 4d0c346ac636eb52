import { useCallback, useMemo, useState } from 'react';

export type ToastKind = 'success' | 'error';

export type ToastMessage = {
  /** New for every message, so the same text shown twice restarts the timer. */
  id: number;
  kind: ToastKind;
  text: string;
};

let nextToastId = 1;

/**
 * One toast at a time for a screen: `showSuccess`/`showError` replace the current message; render it
 * with `<Toast toast={toast} onDismiss={dismiss} durationMs={…} />`.
 */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback((kind: ToastKind, text: string) => {
    nextToastId += 1;
    setToast({ id: nextToastId, kind, text });
  }, []);
  const showSuccess = useCallback((text: string) => show('success', text), [show]);
  const showError = useCallback((text: string) => show('error', text), [show]);
  const dismiss = useCallback(() => setToast(null), []);
  return useMemo(() => ({ toast, showSuccess, showError, dismiss }), [toast, showSuccess, showError, dismiss]);
}
