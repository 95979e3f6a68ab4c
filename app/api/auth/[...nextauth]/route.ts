import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { readBodyText } from "@/lib/api/body";
import { authOptions } from "@/lib/auth/options";
import { errorResponse } from "@/lib/errors";

export const dynamic = "force-dynamic";

// Public by nature: sign-in, sign-out, CSRF token. Options are built per request because the
// cookies' Secure flag follows the request's scheme (lib/auth/options.ts).
async function auth(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  let bounded: NextRequest;
  try {
    // next-auth reads the whole body itself: it gets one already read within the size limit.
    bounded =
      request.method === "POST"
        ? new NextRequest(request.url, { method: "POST", headers: request.headers, body: await readBodyText(request) })
        : request;
  } catch (error) {
    return errorResponse(error);
  }
  return (await NextAuth(bounded, context, authOptions(bounded.headers))) as Response;
}

export { auth as GET, auth as POST };
