/**
 * `@acervo/erp-sim`: the ERP simulator (issue 7). `startErpSimulator` runs it in-process (the demo
 * of `npm start`, integration tests); `npm run erp:sim` runs it as a program (`cli.ts`).
 * Protocol: `packages/contracts/src/erp-protocol.ts`, `docs/erp-protocol.yaml`; guide:
 * `docs/erp-simulator.md`.
 */
export { startErpSimulator, generateErpDataSet, resolveOptions, erpFaultsSchema, NO_FAULTS } from './simulator.ts';
export type { ErpSimulatorOptions, ErpFaults, ErpSimulator, ErpDataSet } from './simulator.ts';
