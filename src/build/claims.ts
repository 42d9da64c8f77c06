/**
 * The home page's "over N properties" (spec §9, a fixed "500" in the prototype) as a claim the catalogue
 * proves: the listings on the market rounded down to one significant digit ("Plus de 400" for 412), or the
 * exact number when rounding would not be below it (400 listings: "400", never "over 400").
 */
export function listingsClaim(count: number): { count: number; exact: boolean } {
  if (count < 10) return { count, exact: true };
  const unit = 10 ** Math.floor(Math.log10(count));
  const rounded = Math.floor(count / unit) * unit;
  return rounded < count ? { count: rounded, exact: false } : { count, exact: true };
}
