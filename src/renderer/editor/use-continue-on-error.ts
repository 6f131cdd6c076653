import { useState } from 'react';
import { loadContinueOnError, saveContinueOnError } from '../app/layout-store';

/** Whether a script run goes on past a failed statement: off unless the user turned it on. */
export function useContinueOnError(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(loadContinueOnError);
  const set = (next: boolean) => {
    setOn(next);
    saveContinueOnError(next);
  };
  return [on, set];
}
