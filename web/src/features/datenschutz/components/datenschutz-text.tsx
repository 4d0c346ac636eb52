import { type ReactNode, useId } from 'react';
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
 * /datenschutz: in plain German, what the portal stores about a family, why, how long, who sees it,
 * and how to get it or have it erased (docs/api-datenschutz.md). Readable signed in or not.
 */
export function DatenschutzText({ angemeldet }: { angemeldet: boolean }) {
  const tage = useAufbewahrungTage();
  const frist = tage === 0 ? 'in der Nacht darauf' : `nach ${tage} ${tage === 1 ? 'Tag' : 'Tagen'}`;
  return (
    <article className="card datenschutz">
      <p className="datenschutz__einleitung">
        Das Elternportal des Waldkindergartens organisiert die Wasserdienste, den Tausch von Diensten, Abwesenheiten und Schließzeiten. Hier
        steht in einfachen Worten, welche Daten es dafür über Ihre Familie speichert und was Sie damit tun können.
      </p>

      <Abschnitt titel="Was wir speichern">
        <ul className="datenschutz__liste">
          <li>
            <strong>Ihr Konto:</strong> Familienname, E-Mail-Adresse, Vorname Ihres Kindes und seine Gruppe. Ihr Passwort speichern wir nur
            als Prüfwert, nie im Klartext.
          </li>
          <li>
            <strong>Wasserdienste, Tausche und Abwesenheiten:</strong> Ihre Dienstwochen, Ihre Tausch-Angebote (mit Ihrer Nachricht),
            Dienste, die Sie übernommen haben, und die Wochen, in denen Sie abwesend sind.
          </li>
          <li>
            <strong>Geräte und Kalender:</strong> die Geräte, die Sie für Push-Benachrichtigungen angemeldet haben (mit einer Bezeichnung
            wie „Chrome auf Android“; ihre Adresse beim Push-Dienst nur verschlüsselt), welche Benachrichtigungen Sie per Push oder E-Mail
            möchten, und ob Sie ein Kalender-Abo haben (vom Link nur ein Prüfwert).
          </li>
          <li>
            <strong>Der Verlauf:</strong> wer wann was im Portal geändert hat, zum Beispiel „Familie … meldet sich für KW 50 abwesend“.
          </li>
          <li>
            <strong>Versandte E-Mails:</strong> welche Art von E-Mail wir Ihnen wann geschickt haben – ohne Inhalt und ohne Adresse.
          </li>
        </ul>
      </Abschnitt>

      <Abschnitt titel="Wozu">
        <p>
          Damit die Wasserdienste gerecht verteilt und getauscht werden können, Sie rechtzeitig erinnert werden und Elternbeirat und Kita
          nachvollziehen können, dass dabei alles mit rechten Dingen zuging. Wir verwenden Ihre Daten für nichts anderes: keine Werbung,
          keine Analyse-Dienste, keine Weitergabe. Push-Benachrichtigungen stellt der Push-Dienst Ihres Browsers zu, verschlüsselt.
        </p>
      </Abschnitt>

      <Abschnitt titel="Wie lange">
        <p>
          Solange Ihr Kind in den Kindergarten geht. Verlässt Ihre Familie die Kita – mit dem jährlichen Import der Familienliste oder weil
          die Kita-Leitung sie austrägt –, werden Ihre Personendaten {frist} automatisch gelöscht. Auf Ihren Wunsch löscht die Kita-Leitung
          sie auch früher.
        </p>
      </Abschnitt>

      <Abschnitt titel="Wer sie sehen kann">
        <ul className="datenschutz__liste">
          <li>
            Die Familien Ihrer Gruppe sehen Ihren Familiennamen im Wasserdienstplan und in der Tausch-Börse, dort auch den Vornamen Ihres
            Kindes. Ihre E-Mail-Adresse sehen sie nicht.
          </li>
          <li>Die Kita-Leitung verwaltet die Konten und sieht alle Angaben.</li>
          <li>Prüferinnen und Prüfer, etwa vom Elternbeirat, lesen den Verlauf.</li>
        </ul>
      </Abschnitt>

      <Abschnitt titel="Ihre Daten bekommen">
        <p>
          Nach der Anmeldung finden Sie im Dashboard die Karte „Meine Daten“. Mit „Meine Daten herunterladen“ erhalten Sie alles als Datei
          (JSON, auch für andere Programme lesbar), mit „Meine Daten ansehen“ als Übersicht auf dem Bildschirm.
          {angemeldet ? (
            <>
              {' '}
              <Link to="/meine-daten">Meine Daten ansehen</Link>
            </>
          ) : null}
        </p>
      </Abschnitt>

      <Abschnitt titel="Ihre Daten löschen lassen">
        <p>
          Bitten Sie die Kita-Leitung darum. Sie löscht Ihre Personendaten im Admin-Bereich mit „Personendaten löschen“; das lässt sich
          nicht rückgängig machen. Dafür muss Ihre Familie aus dem Kindergarten ausgetragen sein (oder wird es dabei).
        </p>
        <p>
          Danach steht im Verlauf und in den Dienstplänen „Gelöschte Familie“ an Ihrer Stelle; für die anderen Familien ändert sich sonst
          nichts. Der Verlauf bleibt dabei fälschungssicher: Prüfer können weiterhin nachweisen, dass nichts nachträglich verändert wurde –
          ohne Ihre gelöschten Daten lesen zu können.
        </p>
      </Abschnitt>

      <Abschnitt titel="Fragen">
        <p>Wenden Sie sich an die Leitung Ihres Kindergartens.</p>
      </Abschnitt>
    </article>
  );
}
