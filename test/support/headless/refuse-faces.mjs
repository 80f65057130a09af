// A resolve hook (node:module register) that refuses the packages of madang's faces: a program
// that loads the library under it proves the library does without Ink, React and yargs.
const FACES = /^(ink|react|yargs|ink-[\w-]+)(\/.*)?$/;

export async function resolve(specifier, context, next) {
  if (FACES.test(specifier))
    throw new Error(`refused: ${specifier} (imported by ${context.parentURL ?? 'the program'})`);
  return next(specifier, context);
}
