import { useNavigate } from 'react-router-dom';

/** '← Zurück zum Dashboard' of every feature screen. */
export function BackToDashboardButton() {
  const navigate = useNavigate();
  return (
    <button type="button" className="btn btn--on-dark btn--small" onClick={() => navigate('/dashboard')}>
      ← Zurück zum Dashboard
    </button>
  );
}
