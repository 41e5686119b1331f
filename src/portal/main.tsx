import { render } from 'preact';
import '../console/console.css';
import './portal.css';
import { createPortalApi } from './api/portal-api.js';
import { App } from './app.js';

/** The portal's one edge: builds the dependencies and renders. */
const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App deps={{ api: createPortalApi({ baseUrl: window.location.origin }) }} />, root);
}
