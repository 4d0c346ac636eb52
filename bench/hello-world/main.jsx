// The reference for the web figures: React's smallest page, built with the same Vite as web/.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(<h1>Hallo Welt</h1>);
