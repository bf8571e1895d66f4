/**
 * Generic form messages of SPEC section 5, in English or Portuguese depending on the browser
 * language (any `pt*` language gets Portuguese, everything else English).
 */
export interface FormMessages {
  required: string;
  invalid: string;
  email: string;
  requiredFile: string;
}

const PT: FormMessages = {
  required: 'Campo obrigatório',
  invalid: 'O campo não é válido',
  email: 'O campo deve conter um e-mail válido',
  requiredFile: 'O campo é obrigatório, insira o arquivo',
};

const EN: FormMessages = {
  required: 'The field is required',
  invalid: 'The field is not valid',
  email: 'The field must contain a valid email address',
  requiredFile: 'The field is mandatory, insert the file',
};

/**
 * The form messages for a browser language.
 * @param language BCP 47 tag, default `navigator.language`
 */
export function formMessages(language: string = typeof navigator === 'undefined' ? 'pt-BR' : navigator.language): FormMessages {
  return language.toLowerCase().startsWith('pt') ? PT : EN;
}
