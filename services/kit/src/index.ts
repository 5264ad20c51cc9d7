// What every service's CLI entry shares (filled in by the services-kit slice).
export {};
