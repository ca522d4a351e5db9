// The browser router: one route that hands every address to RouteView, whose matcher knows the route table
// (React Router's path syntax cannot express its multi-segment hosts or the constrained locale suffix). The
// modal host sits inside the router so that dialogs can hold links.
import { createBrowserRouter, Outlet } from 'react-router';
import type { RouteObject } from 'react-router';
import { ModalHost } from '../modals/ModalHost';
import { AppCrash } from './AppCrash';
import { RouteView } from './RouteView';

function Root() {
  return (
    <>
      <Outlet />
      <ModalHost />
    </>
  );
}

export const APP_ROUTES: RouteObject[] = [
  { element: <Root />, errorElement: <AppCrash />, children: [{ path: '*', element: <RouteView /> }] },
];

export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES);
}
