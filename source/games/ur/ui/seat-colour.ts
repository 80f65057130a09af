/**
 * The theme's seat colour of Ur's White (colour 0) and Black (1): White is drawn in seat 3's
 * colour, Black in seat 1's, on the board, the panels, the replay and the setup.
 */
export const seatColourOf = (colour: number | undefined): number => (colour === 0 ? 3 : 1);
