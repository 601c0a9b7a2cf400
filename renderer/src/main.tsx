/** Renderer entry: install the host bridge (Electron preload or browser shell), then mount the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installBridge } from './bridge';
import { detectBridge } from './bridge/detect';
import './app/app.css';

installBridge(detectBridge(window));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
