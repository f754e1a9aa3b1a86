import { createContext, useContext } from 'react';

/**
 * Where dialogs and menus render. The portal lays itself out with a CSS container, and a container
 * contains its `position: fixed` descendants (layout containment), so an overlay drawn inside it
 * would cover the container, not the window. The portal gives a node beside its container; an
 * element without one (checkout) renders overlays in place.
 */
export const OverlayContext = createContext<HTMLElement | null>(null);

export const useOverlayRoot = () => useContext(OverlayContext);
