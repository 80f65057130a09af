/** The keys of Yut Nori's play screen, for its help page (the rules follow them there). */
export const YUT_HELP: readonly string[] = [
  'Keys',
  '  Space      throw the sticks (yut and mo throw again by themselves)',
  '  ← →        choose a piece: a new piece from hand, or a stack on the board',
  '  ↑ ↓        choose a result from your list',
  '  Enter      move; the board previews » where the piece lands « first',
  '  u          take back your last move (not after a throw)',
  '  h          a hint: the strong computer’s move, and why',
  '  s          save and exit (advanced game, at the start of a turn, before the throw)',
  '  ?          this help          q  quit (asks first)       Ctrl+C  quit now',
  '',
  'Sticks panel: [■] is the marked stick; ■ front up, □ back up.',
];
