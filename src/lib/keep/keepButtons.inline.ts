// The tip pages' inline script (bundled by src/lib/inlineScript.ts): a page without widgets loads no
// script file, so its keep button's few lines come inline.
import { wireKeepButtons } from './keepButtons.ts';

wireKeepButtons();
