import { render } from 'preact';
import './console.css';
import { createConsoleApi } from './api/console-api.js';
import { App } from './app.js';

/** The console's one edge: builds the dependencies and renders. */
const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App deps={{ api: createConsoleApi({ baseUrl: window.location.origin }) }} />, root);
}
