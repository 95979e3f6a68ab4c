import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { viewerFromHeaders, type Requirement } from "./guard";
import { roleAtLeast } from "@/lib/contract/roles";
import type { Viewer } from "./sessions";

/**
 * The page-side twin of `withSession`: the viewer, or a redirect to the sign-in page (which comes
 * back to `path` afterwards), or the 403 page. Call it first in every non-public page.
 */
export async function requirePageViewer(requirement: Requirement, path: string): Promise<Viewer> {
  const viewer = await viewerFromHeaders(await headers());
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(path)}`);
  if (!roleAtLeast(viewer.role, requirement.role)) forbidden();
  return viewer;
}

/** For the sign-in page: who is already signed in, if anyone. */
export async function currentViewer(): Promise<Viewer | null> {
  return viewerFromHeaders(await headers());
}
