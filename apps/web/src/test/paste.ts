import { fireEvent } from '@testing-library/react';

/**
 * Puts `text` into an input or textarea as a browser's paste or typing does: a `maxlength`
 * attribute cuts it there (jsdom's `fireEvent.change` alone ignores the attribute, which would
 * hide a silent truncation from a test).
 * @returns the value the field holds afterwards
 */
export function pasteText(field: HTMLElement, text: string): string {
  const input = field as HTMLInputElement | HTMLTextAreaElement;
  const value = input.maxLength >= 0 ? text.slice(0, input.maxLength) : text;
  fireEvent.change(input, { target: { value } });
  return input.value;
}
