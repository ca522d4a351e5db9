// Sends the early requests of the address the app opens on. main.tsx imports this module first, so this runs
// before React, Mantine and the rest of the bundle are evaluated (≈200 ms on a 2-core machine).
import { startEarlyRequests } from './early-requests';

startEarlyRequests(window.location.pathname);
