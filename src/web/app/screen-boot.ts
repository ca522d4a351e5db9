// Starts the download of the address's screen code on import: main.tsx imports this module first, so the
// download starts before React, Mantine and the rest of the app are evaluated.
import { earlyRequests } from './early-requests';
import { preloadScreen } from './screens';

const { screen } = earlyRequests(window.location.pathname);
if (screen !== null) preloadScreen(screen);
