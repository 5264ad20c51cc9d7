// The site's own look, in the entry: a <link> in the page's head, not a stylesheet that arrives with the app.
import './site.css';
// Async boundary: the page renders in a task after this entry's (the MF runtime's start), so the two are not one long
// task. React itself is in the entry's chunks (shared eagerly, rsbuild.config.ts): only the small bootstrap chunk is
// fetched after this runs.
import('./bootstrap');
