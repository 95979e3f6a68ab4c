/** Down = no successful poll for more than this many intervals (the "2 intervals"). */
export const DOWN_AFTER_INTERVALS = 2;
