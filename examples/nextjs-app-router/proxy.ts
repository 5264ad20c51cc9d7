// Not part of AppKit's example: where this offline machine's Portico runs. The site serves the shell under /portico/
// (the development pack's default `cdnBase`) and the local chain's JSON-RPC at /rpc, passed to the origins the
// example's server is started with (PORTICO_SHELL_URL, PORTICO_RPC_URL; demo/server.mjs sets them).
import { NextResponse, type NextRequest } from 'next/server'

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl
  const shell = process.env.PORTICO_SHELL_URL
  const rpc = process.env.PORTICO_RPC_URL
  if (pathname.startsWith('/portico/') && shell) return NextResponse.rewrite(new URL(`${pathname.slice('/portico'.length)}${search}`, shell))
  if (pathname === '/rpc' && rpc) return NextResponse.rewrite(new URL(rpc))
  return NextResponse.next()
}

export const config = { matcher: ['/portico/:path*', '/rpc'] }
