import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";

export const dynamic = "force-dynamic";

// Public by nature: sign-in, sign-out, CSRF token. Options are built per request because the
// cookies' Secure flag follows the request's scheme (lib/auth/options.ts).
async function auth(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return (await NextAuth(request, context, authOptions(request.headers))) as Response;
}

export { auth as GET, auth as POST };
