// One import registers <flowbot-chat> and types it in templates (GlobalComponents).
import 'flowbot-chat/vue';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
