import type { FeatureMessages } from '../../shared/i18n-types.ts';

/** Texts of the home page (`home.*`). */
export const homeMessages: FeatureMessages = {
  'pt-BR': {
    home: {
      welcome: 'Bem-vindo(a), {{name}}!',
      company: 'Empresa selecionada',
      profile: 'Perfil',
      noCompany: 'Nenhuma empresa selecionada',
      hint: 'Use o menu lateral para acessar as telas disponíveis para o seu perfil.',
    },
  },
  'en-US': {
    home: {
      welcome: 'Welcome, {{name}}!',
      company: 'Selected company',
      profile: 'Profile',
      noCompany: 'No company selected',
      hint: 'Use the side menu to open the screens your profile allows.',
    },
  },
};
