// The light entry: it draws what the visitor sees first and imports the widget when it is wanted.
// The element's template types come from `flowbot-chat/svelte`, imported for its types only (its
// module registers the whole widget at once).
import 'flowbot-chat/light';
import type {} from 'flowbot-chat/svelte';
import { mount } from 'svelte';
import Light from './Light.svelte';

mount(Light, { target: document.getElementById('app')! });
