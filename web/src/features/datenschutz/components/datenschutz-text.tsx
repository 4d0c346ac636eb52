import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAufbewahrungTage } from '../api/aufbewahrung';
import '../datenschutz.css';

function Abschnitt({ titel, children }: { titel: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="datenschutz__abschnitt" aria-labelledby={id}>
      <h2 id={id} className="datenschutz__titel">
        {titel}
      </h2>
      {children}
    </section>
  );
}

/**
 * /datenschutz: in plain words of the screen's language, what the portal stores about a family, why, how long, who sees it,
 * and how to get it or have it erased (docs/api-datenschutz.md). Readable signed in or not.
 */
export function DatenschutzText({ angemeldet }: { angemeldet: boolean }) {
  const { t } = useTranslation();
  const tage = useAufbewahrungTage();
  const frist = tage === 0 ? t('datenschutz.text.fristNacht') : t('datenschutz.text.fristTage', { anzahl: tage });
  return (
    <article className="card datenschutz">
      <p className="datenschutz__einleitung">{t('datenschutz.text.einleitung')}</p>

      <Abschnitt titel={t('datenschutz.text.wasTitel')}>
        <ul className="datenschutz__liste">
          <li>
            <strong>{t('datenschutz.text.kontoLabel')}</strong> {t('datenschutz.text.konto')}
          </li>
          <li>
            <strong>{t('datenschutz.text.diensteLabel')}</strong> {t('datenschutz.text.dienste')}
          </li>
          <li>
            <strong>{t('datenschutz.text.geraeteLabel')}</strong> {t('datenschutz.text.geraete')}
          </li>
          <li>
            <strong>{t('datenschutz.text.verlaufLabel')}</strong> {t('datenschutz.text.verlauf')}
          </li>
          <li>
            <strong>{t('datenschutz.text.mailsLabel')}</strong> {t('datenschutz.text.mails')}
          </li>
        </ul>
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.text.wozuTitel')}>
        <p>{t('datenschutz.text.wozu')}</p>
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.text.wieLangeTitel')}>
        <p>{t('datenschutz.text.wieLange', { frist })}</p>
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.text.werTitel')}>
        <ul className="datenschutz__liste">
          <li>{t('datenschutz.text.werFamilien')}</li>
          <li>{t('datenschutz.text.werLeitung')}</li>
          <li>{t('datenschutz.text.werPruefer')}</li>
        </ul>
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.text.bekommenTitel')}>
        <p>
          {t('datenschutz.text.bekommen')}
          {angemeldet ? (
            <>
              {' '}
              <Link to="/meine-daten">{t('meineDaten.ansehen')}</Link>
            </>
          ) : null}
        </p>
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.text.loeschenTitel')}>
        <p>{t('datenschutz.text.loeschen1')}</p>
        <p>{t('datenschutz.text.loeschen2')}</p>
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.text.fragenTitel')}>
        <p>{t('datenschutz.text.fragen')}</p>
      </Abschnitt>
    </article>
  );
}
