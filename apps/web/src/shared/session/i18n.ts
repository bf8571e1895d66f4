import type { FeatureMessages } from '../i18n-types.ts';

/**
 * Texts of the session (`session.*`): what a tab tells the user when it follows a sign-in,
 * sign-out or company switch made in another tab of the same browser (issue 15), and the name of
 * the spinners shown while the session or a screen loads (`session.loading`; index.html's splash
 * says the same before any script has run).
 */
export const sessionMessages: FeatureMessages = {
  'pt-BR': {
    session: {
      companyChangedElsewhere: 'A empresa foi trocada em outra aba. Esta aba passou para a mesma empresa.',
      userChangedElsewhere: 'Outro usuário entrou em outra aba. Esta aba passou para a sessão dele.',
      signedInElsewhere: 'Você entrou em outra aba. Esta aba passou para a mesma sessão.',
      signedOutElsewhere: 'A sessão foi encerrada em outra aba.',
      loading: 'Carregando',
    },
  },
  'en-US': {
    session: {
      companyChangedElsewhere: 'The company was switched in another tab. This tab now shows the same company.',
      userChangedElsewhere: 'Another user signed in in another tab. This tab now uses that session.',
      signedInElsewhere: 'You signed in in another tab. This tab now uses the same session.',
      signedOutElsewhere: 'The session was ended in another tab.',
      loading: 'Loading',
    },
  },
};
