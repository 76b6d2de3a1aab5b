// How paths and members spell a resource's name, made comparable: `categories`, `Category` and
// `category_` all read as "category". Shared by the id reading (ids.ts) and the references.

export const plainWord = (word: string): string => word.toLowerCase().replace(/[-_]/g, '');

/** A resource's name as paths and members spell it, made comparable: categories, Category and
 * category_ all read as "category". */
export function resourceName(word: string): string {
  const name = plainWord(word);
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(name)) return name.slice(0, -2);
  return name.endsWith('s') ? name.slice(0, -1) : name;
}
