/** Touch targets ≥ 48 px everywhere; one look per meaning. */
export const PRIMARY_BUTTON =
  "min-h-16 w-full rounded-lg bg-go px-4 text-2xl font-bold text-zinc-950 active:bg-emerald-300 disabled:cursor-wait disabled:bg-zinc-600 disabled:text-zinc-200";
export const SECONDARY_BUTTON =
  "min-h-14 w-full rounded-lg border-2 border-zinc-400 px-4 text-xl font-semibold text-zinc-100 active:bg-zinc-700 disabled:cursor-wait disabled:opacity-60";
export const DANGER_BUTTON =
  "min-h-14 w-full rounded-lg border-2 border-overdue px-4 text-xl font-semibold text-overdue active:bg-red-950 disabled:cursor-wait disabled:opacity-60";
export const DANGER_SOLID_BUTTON =
  "min-h-14 w-full rounded-lg bg-overdue px-4 text-xl font-bold text-zinc-950 active:bg-red-300 disabled:cursor-wait disabled:opacity-60";
export const FIELD = "min-h-12 w-full rounded-lg border-2 border-zinc-500 bg-zinc-900 px-3 text-xl text-zinc-100";
