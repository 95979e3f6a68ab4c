import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { viewerFromHeaders, type Requirement } from "./guard";
import { roleAtLeast } from "@/lib/contract/roles";
import { REQUEST_PATH_HEADER, returnPath } from "./safe-next";
import type { Viewer } from "./sessions";

/**
 * The page-side twin of `withSession`: the viewer, or a redirect to the sign-in page (which comes
 * back afterwards to the URL asked for, query included, when it is on `path`; else to `path`),
 * or the 403 page. Call it first in every non-public page.
 */
export async function requirePageViewer(requirement: Requirement, path: string): Promise<Viewer> {
  const headerList = await headers();
  const viewer = await viewerFromHeaders(headerList);
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(returnPath(path, headerList.get(REQUEST_PATH_HEADER)))}`);
  if (!roleAtLeast(viewer.role, requirement.role)) forbidden();
  return viewer;
}

/** For the sign-in page: who is already signed in, if anyone. */
export async function currentViewer(): Promise<Viewer | null> {
  return viewerFromHeaders(await headers());
}
