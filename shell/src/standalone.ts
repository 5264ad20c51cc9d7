/** Plain-page build: `<script src=".../portico.js">` then `Portico.createPortico({...})`. */
import { createPortico } from './create-portico';

declare global {
  interface Window {
    Portico: { createPortico: typeof createPortico };
  }
}

window.Portico = { createPortico };
