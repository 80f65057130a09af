/** Keys pressed on a setup form, one after another, until it starts or goes back. */
export function pressKeys<F, O extends { type: string; form?: F }>(
  key: (form: F, pressed: string) => O,
  form: F,
  pressed: readonly string[],
): O {
  let outcome = key(form, pressed[0] as string);
  for (const next of pressed.slice(1)) {
    if (outcome.type !== 'form') break;
    outcome = key(outcome.form as F, next);
  }
  return outcome;
}
