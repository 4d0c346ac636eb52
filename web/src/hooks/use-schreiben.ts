import { type DefaultError, type MutateOptions, type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/**
 * `useMutation` for a write a person starts with a tap: one tap is one action. From the first
 * `mutate` until its answer every further `mutate` of this hook is ignored, and `isPending` is true
 * at once — already in the click's own render, not a tick later as react-query reports it — so the
 * button it disables cannot be tapped twice. Each `mutate` is one submit with its own
 * `Idempotency-Key` (`apiRequest` makes one per call). `variables` are those of the running write
 * from the tap on (a list marks the row being changed).
 */
export function useSchreiben<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const laeuft = useRef(false);
  const [gesendet, setGesendet] = useState<{ variables: TVariables } | null>(null);
  const { mutate: einmal } = mutation;

  const mutate = useCallback(
    (variables: TVariables, mutateOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (laeuft.current) return;
      laeuft.current = true;
      setGesendet({ variables });
      (einmal as (v: TVariables, o: MutateOptions<TData, TError, TVariables, TContext>) => void)(variables, {
        ...mutateOptions,
        onSettled: (...args) => {
          laeuft.current = false;
          setGesendet(null);
          mutateOptions?.onSettled?.(...args);
        },
      });
    },
    [einmal],
  );

  return {
    ...mutation,
    mutate,
    isPending: mutation.isPending || gesendet !== null,
    variables: gesendet?.variables ?? mutation.variables,
  } as UseMutationResult<TData, TError, TVariables, TContext>;
}
