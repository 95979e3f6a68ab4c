// The standalone sandbox as a child process. It lives with the sandbox's own test support (its
// tests may import nothing else); Comanda's tests and scripts import it from here.
export * from "./sandbox/process";
