/** Identifier of the application; local-storage key names derive from it (SPEC section 9). */
export const APP_ID = 'acervo';

/** Local-storage key of the bearer token: `acervo:token` (also read by the build's preload script in index.html). */
export const TOKEN_STORAGE_KEY = `${APP_ID}:token`;

/** Width (px) at and below which the layout is the narrow (mobile) one (SPEC section 9). */
export const MOBILE_MAX_WIDTH = 768;

/** Media query of the narrow layout: `(max-width:768px)`. */
export const MOBILE_QUERY = `(max-width:${MOBILE_MAX_WIDTH}px)`;

/** Base path of every API call (SPEC section 7); also the early requests' of index.html's script. */
export const API_BASE = '/api/core-api/';
