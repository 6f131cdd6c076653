import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Tokens and base rules first: every screen's own stylesheet (imported with its component)
// comes after them and wins where the two meet.
import './app/theme.css';
import { App } from './app/App';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
