// placeholder, replaced by the real plain-page entry
(globalThis as any).Portico = { createPortico: () => ({}) };
