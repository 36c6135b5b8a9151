// The light entry: it draws what the visitor sees first and imports the widget when it is wanted.
// The element's template types come from `flowbot-chat/vue`, imported for its types only (its
// module registers the whole widget at once).
import 'flowbot-chat/light';
import type {} from 'flowbot-chat/vue';
import { createApp } from 'vue';
import Light from './Light.vue';

createApp(Light).mount('#app');
