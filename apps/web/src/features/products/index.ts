/**
 * The products feature's public surface (docs/architecture.md): what other features may use.
 * - `CoverThumb`: a catalogue cover read with the session token (the Terminal shows covers);
 * - `situationTone`: the colour group of an ONIX list 65 situation chip.
 */
export { CoverThumb } from './components/product-form/cover-thumb.tsx';
export { PRODUCT_SITUATIONS, situationTone } from './product-situations.ts';
