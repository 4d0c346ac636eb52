import { type MutateOptions, type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

export type Schreiben<TData, TVariables> = Omit<UseMutationResult<TData, Error, TVariables>, 'mutate' | 'isPending' | 'variables'> & {
  /** Sends the write, unless one of this button's writes is still on its way (then nothing happens). */
  mutate: (variables: TVariables, callbacks?: MutateOptions<TData, Error, TVariables>) => void;
  /** True from the tap until the answer has been handled. */
  isPending: boolean;
  variables: TVariables | undefined;
};

/**
 * An Admin Center write (issue 24, 'One tap is one action'): one tap, one request. TanStack's
 * `isPending` reaches the screen a tick after `mutate` (its observers are told in a timeout), so a
 * fast second tap could still find the button enabled; here the button's state turns in the tap's
 * own event (React renders a click's updates before the next input event), and a second `mutate`
 * while one runs is dropped. The API client gives each write its `Idempotency-Key`, so a repeat
 * that reached the server anyway is answered with the first answer.
 */
export function useSchreiben<TData, TVariables>(options: UseMutationOptions<TData, Error, TVariables>): Schreiben<TData, TVariables> {
  const mutation = useMutation(options);
  const laeuft = useRef(false);
  const [gesendet, setGesendet] = useState<{ variables: TVariables } | null>(null);
  const { mutate: senden } = mutation;

  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, Error, TVariables>) => {
      if (laeuft.current) return;
      laeuft.current = true;
      setGesendet({ variables });
      senden(variables, {
        ...callbacks,
        onSettled: (...args) => {
          laeuft.current = false;
          setGesendet(null);
          callbacks?.onSettled?.(...args);
        },
      });
    },
    [senden],
  );

  return {
    ...mutation,
    mutate,
    isPending: mutation.isPending || gesendet !== null,
    variables: gesendet?.variables ?? mutation.variables,
  };
}
