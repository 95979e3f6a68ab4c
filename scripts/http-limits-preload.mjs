// Loaded with `node --import` ahead of `next start` (scripts/start-args.mjs, for the browser
// tests' server; `npm start` installs them itself): Next.js's HTTP server gets Comanda's limits
// (scripts/http-limits.mjs says which and why).
import http from "node:http";
import { installHttpLimits } from "./http-limits.mjs";

installHttpLimits(http, process.env);
