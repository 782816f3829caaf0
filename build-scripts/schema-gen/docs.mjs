export const docsText = (old) => old;
