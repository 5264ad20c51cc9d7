// placeholder, replaced by the real MF exposed module
export function createPortico() { return {}; }
