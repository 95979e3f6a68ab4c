// Started by the root layout (app/layout.tsx) while the page's HTML is still being read. The
// first Intl.NumberFormat of a browser tab's process loads ICU's number data (16–29 ms on this
// project's test machines, four times that under Lighthouse's phone throttling); ICU keeps it for
// the whole process, so paying it here, off the main thread, makes the page's first number free.
new Intl.NumberFormat().format(0);
new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(0);
close();
