export const dtsText = () => '';
