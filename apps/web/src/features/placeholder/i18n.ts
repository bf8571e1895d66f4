import type { FeatureMessages } from '../../shared/i18n-types.ts';

/** Texts of the placeholder, not-found and error pages (`placeholder.*`). */
export const placeholderMessages: FeatureMessages = {
  'pt-BR': {
    placeholder: {
      underConstruction: 'Em construção',
      underConstructionText: 'Esta tela ainda está sendo desenvolvida.',
      notFound: 'Pagina não encontrada',
      notFoundText: 'O endereço acessado não existe ou você não tem permissão para acessá-lo.',
      backHome: 'Ir para o início',
      unexpectedError: 'Unexpected Application Error!',
      reload: 'Recarregar',
    },
  },
  'en-US': {
    placeholder: {
      underConstruction: 'Under construction',
      underConstructionText: 'This screen is still being built.',
      notFound: 'Page not found',
      notFoundText: 'The address does not exist or you are not allowed to open it.',
      backHome: 'Go to home',
      unexpectedError: 'Unexpected Application Error!',
      reload: 'Reload',
    },
  },
};
