/**
 * A name's confusables skeleton, after Unicode's UTS #39 (section 4): two names with the same
 * skeleton look alike on a screen (`Hоnest` with a Cyrillic о, `Honest`). No well-kept package
 * of the full data is installed here, so this is a small one of our own: compatibility forms
 * folded (NFKC: full-width, mathematical letters), invisible characters dropped, the Cyrillic
 * and Greek letters that look Latin mapped to their Latin look-alikes, with the digits and
 * pairs UTS #39 maps (0 → O, 1 and I → l, m → rn, d → cl), then case folded. It covers fewer
 * scripts than confusables.txt (Armenian, Cherokee and symbols are not mapped).
 */

/**
 * Each character's look-alike, before case folding (so I → l while i stays i): a character, then
 * what it looks like, to a space.
 */
const LOOKS = new Map(
  [
    // Cyrillic capitals and small letters.
    'АA аa ВB СC сc ЕE еe ЀÈ ѐè ЁË ёë НH һh Іl іi ЇÏ їï Ӏl ӏl ЈJ јj КK МM ОO оo РP рp ЅS ѕs',
    'ТT ХX хx УY уy ҮY үy ԚQ ԛq ԜW ԝw ԁd ѴV ѵv Ьb ьb Ꙇl ɡg',
    // Greek capitals and small letters.
    'ΑA αa ΒB ΕE ΖZ ΗH Ιl ιi ΚK ΜM ΝN νv ΟO οo ΡP ρp ΤT ΥY υu ΧX ϲc ϹC ϳj ͿJ ɑa',
    // Latin and digits.
    '0O 1l |l Il ıi ȷj mrn dcl',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [[...pair][0] as string, [...pair].slice(1).join('')]),
);

/** The string two look-alike names share. */
export function skeleton(name: string): string {
  const decomposed = name
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '');
  let mapped = '';
  for (const char of decomposed) mapped += LOOKS.get(char) ?? char;
  // The look-alikes may carry marks of their own (Ѐ → È): decomposed again, then folded.
  return mapped.normalize('NFD').toLowerCase();
}
