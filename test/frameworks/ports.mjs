// The framework apps' own loopback ports (the main end-to-end suite uses 4710 and 4711).
export const PAGE_PORT = 4730;
export const API_PORT = 4731;
export const NEXT_PORT = 4732;
