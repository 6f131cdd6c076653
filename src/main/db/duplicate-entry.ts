/** ER_DUP_ENTRY: a row with the same value of a unique key (the primary key too) exists. */
export const ER_DUP_ENTRY = 1062;
