/** The text of a card file of `bytes` (default just under 1 MB) in which every card is wrong. */
export function errorFileText(bytes?: number): string;
