/** Plain-page build: `<script src=".../portico.js">` then `Portico.createPortico({...})`. */
import { createPortico } from './create-portico';
import { createDefaultSiwx, createServerSiwx } from './siwx';

declare global {
  interface Window {
    Portico: { createPortico: typeof createPortico; createServerSiwx: typeof createServerSiwx; createDefaultSiwx: typeof createDefaultSiwx };
  }
}

window.Portico = { createPortico, createServerSiwx, createDefaultSiwx };
