import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SprachAuswahl } from '@/components/sprach-auswahl';
import { Toast } from '@/components/toast';
import { useSprache } from '@/hooks/use-sprache';
import { useToast } from '@/hooks/use-toast';
import { withServerMessage } from '@/lib/error-message';
import { wechsleSprache } from '@/lib/i18n';
import { useWaehleSprache } from '../api/waehle-sprache';
import '../sprache.css';

const TOAST_MS = 4000;

/**
 * 'Sprache' on the profile page: the family's language for every screen and device. The screen
 * switches as soon as the server has kept the choice; `onGewaehlt` updates the stored session.
 */
export function SpracheKarte({ onGewaehlt }: { onGewaehlt: (sprache: Sprache) => void }) {
  const { t } = useTranslation();
  const titelId = useId();
  const sprache = useSprache();
  const waehle = useWaehleSprache();
  const { toast, showSuccess, showError, dismiss } = useToast();

  const wahl = (neu: Sprache) =>
    waehle.mutate(neu, {
      onSuccess: async () => {
        await wechsleSprache(neu);
        onGewaehlt(neu);
        showSuccess(t('sprache.gespeichert', { lng: neu }));
      },
      onError: (error) => showError(withServerMessage(t('sprache.fehler'), error)),
    });

  return (
    <section className="card sprache-karte" aria-labelledby={titelId}>
      <h2 id={titelId} className="sprache-karte__titel">
        {t('sprache.titel')}
      </h2>
      <p className="sprache-karte__text">{t('sprache.text')}</p>
      <SprachAuswahl sprache={sprache} onWahl={wahl} disabled={waehle.isPending} className="sprach-auswahl sprach-auswahl--karte" />
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </section>
  );
}
