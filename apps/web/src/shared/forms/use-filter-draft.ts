import { useCallback, useEffect, useRef, useState } from 'react';

/** What `useFilterDraft` gives: the text box's draft and how the form submits or clears it. */
export interface FilterDraft {
  /** What the box shows: the user's typing, or the applied value when the URL changed from elsewhere. */
  value: string;
  /** Sets the draft (the box's `onChange`). */
  setValue: (text: string) => void;
  /**
   * The draft to apply, trimmed (`undefined` when blank), remembered as this form's own: when the
   * URL then echoes it, the draft (what the user may have typed since) is kept.
   */
  submit: () => string | undefined;
  /** Empties the draft and remembers "no value" as this form's own (Limpar). */
  clear: () => void;
}

/** A filter text as the URL holds it: trimmed, blank = absent. */
const normalize = (text: string | undefined): string | undefined => text?.trim() || undefined;

/**
 * The draft of a list's free-text filter whose applied value lives in the URL (`useListParams`).
 *
 * Applying a filter writes the URL at once but the list re-renders with it later (React Router
 * renders navigations in a transition, so the new `applied` arrives after the user may already
 * have typed the next search). Resetting the box whenever `applied` changes would then replace
 * what the user typed with the search they had just sent, and the next Enter would send that old
 * search again. This hook keeps the user's draft and adopts an `applied` change only when it is
 * not the echo of this form's own submit or clear: a back/forward navigation, a link, another
 * form on the page.
 * @param applied the value in the URL (`undefined` when absent)
 */
export function useFilterDraft(applied: string | undefined): FilterDraft {
  const [value, setValue] = useState(applied ?? '');
  // values this form sent that the URL has not echoed yet, oldest first
  const pending = useRef<(string | undefined)[]>([]);
  const current = normalize(applied);
  const shown = useRef(current);

  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    const own = pending.current.indexOf(current);
    if (own >= 0) {
      // our own submit (and any older ones the router skipped): keep what the user has typed since
      pending.current = pending.current.slice(own + 1);
      return;
    }
    pending.current = [];
    setValue(current ?? '');
  }, [current]);

  const remember = useCallback((sent: string | undefined) => {
    const queue = pending.current;
    // a value already shown (or already on its way) changes no URL: nothing will echo it
    if (queue.length === 0 ? sent === shown.current : queue[queue.length - 1] === sent) return;
    pending.current = [...queue, sent];
  }, []);

  const submit = useCallback(() => {
    const sent = normalize(value);
    remember(sent);
    return sent;
  }, [value, remember]);

  const clear = useCallback(() => {
    setValue('');
    remember(undefined);
  }, [remember]);

  return { value, setValue, submit, clear };
}
