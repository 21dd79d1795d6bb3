// The page events on a site built without a tag, for a data layer someone else put on the page (a tag
// the host injects): the layout's head script (dataLayerEvents.ts) loads this only where
// `window.dataLayer` exists, and names the geolocation endpoint on the script element.
import { startPageAnalytics, trackLanguageSwitches } from './visit.ts';

const script = document.currentScript as HTMLScriptElement | null;
startPageAnalytics(script?.dataset.geoEndpoint ?? '/api/geo');
trackLanguageSwitches();
