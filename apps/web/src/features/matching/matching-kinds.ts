import { MATCH_API_PATHS, type MatchKind } from '@acervo/contracts';

/** One matching screen: its kind, API path, i18n key (`matching.<key>.*`) and route-table id. */
export interface MatchScreen {
  kind: MatchKind;
  path: string;
  key: 'bisac' | 'publisher' | 'contribution' | 'binding' | 'status';
  routeId: string;
}

/** The five matching screens (route ids of `APP_ROUTES`), one generic page configured five times. */
export const MATCH_SCREENS: Readonly<Record<MatchKind, MatchScreen>> = {
  CATEGORIA_BISAC: { kind: 'CATEGORIA_BISAC', path: MATCH_API_PATHS.CATEGORIA_BISAC, key: 'bisac', routeId: 'matchBisac' },
  EDITORA: { kind: 'EDITORA', path: MATCH_API_PATHS.EDITORA, key: 'publisher', routeId: 'matchPublisher' },
  CONTRIBUICAO: { kind: 'CONTRIBUICAO', path: MATCH_API_PATHS.CONTRIBUICAO, key: 'contribution', routeId: 'matchContribution' },
  ENCADERNACAO: { kind: 'ENCADERNACAO', path: MATCH_API_PATHS.ENCADERNACAO, key: 'binding', routeId: 'matchBinding' },
  SITUACAO: { kind: 'SITUACAO', path: MATCH_API_PATHS.SITUACAO, key: 'status', routeId: 'matchStatus' },
};
